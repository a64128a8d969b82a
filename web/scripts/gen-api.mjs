// Generates src/types/openapi.ts from src/types/openapi.json, the document the API writes
// (`just openapi` runs `cargo run -p lectern-api --example openapi`, then this).
// src/types/openapi.test.ts runs the same function and fails when openapi.ts is stale.
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

const HEADER =
  '// Generated from openapi.json by `npm run gen:api` (openapi-typescript); do not edit.\n' +
  '// Regenerate both with `just openapi` after changing the API.\n\n';

/** The TypeScript of an OpenAPI document, as openapi.ts holds it. */
export async function generate(document) {
  // A default the server fills in does not make a request field required; a free-form object
  // (a dry run's plan, a storyboard scene) holds anything.
  const ast = await openapiTS(document, { silent: true, defaultNonNullable: false, emptyObjectsUnknown: true });
  return HEADER + astToString(ast);
}

export const documentUrl = new URL('../src/types/openapi.json', import.meta.url);
export const typesUrl = new URL('../src/types/openapi.ts', import.meta.url);

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const document = JSON.parse(await readFile(documentUrl, 'utf8'));
  await writeFile(typesUrl, await generate(document));
  console.log(`wrote ${fileURLToPath(typesUrl)}`);
}
