import { describe, expect, it } from 'vitest';
import { generate } from '../../scripts/gen-api.mjs';

const files = import.meta.glob<string>(['./openapi.json', './openapi.ts'], { query: '?raw', import: 'default', eager: true });

describe('generated API types', () => {
  it('openapi.ts is what openapi-typescript makes of openapi.json now', async () => {
    const fresh = await generate(JSON.parse(files['./openapi.json'] ?? '{}'));
    // A stale file fails with the command that regenerates it (the Rust test
    // api/tests/api/openapi.rs checks openapi.json against the API the same way).
    expect(files['./openapi.ts'] === fresh, 'src/types/openapi.ts is stale: run `just openapi` (or `npm run gen:api`)').toBe(true);
  });
});
