import { describe, expect, it } from 'vitest';
import { isFinalServerStatus, mapServerStatus } from '@/features/queue/lib/queue-rules';

describe('server status mapping (SPEC 4.1)', () => {
  it.each([
    ['completed', 'completed'],
    ['failed', 'failed'],
    ['queued', 'queued'],
    ['processing', 'processing'],
    ['rendering', 'processing'],
    ['narrating', 'processing'],
    ['', 'processing'],
    ['cancelled', 'cancelled'],
  ])('%s -> %s', (server, local) => {
    expect(mapServerStatus(server)).toBe(local);
  });

  it('stops polling on completed, failed and cancelled only', () => {
    expect(isFinalServerStatus('completed')).toBe(true);
    expect(isFinalServerStatus('failed')).toBe(true);
    expect(isFinalServerStatus('cancelled')).toBe(true);
    expect(isFinalServerStatus('queued')).toBe(false);
    expect(isFinalServerStatus('whatever')).toBe(false);
  });
});
