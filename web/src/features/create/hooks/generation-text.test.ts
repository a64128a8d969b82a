import { describe, expect, it } from 'vitest';
import { generationText } from '@/features/create/hooks/use-generation';

describe("SPEC 4.2's generation texts", () => {
  it('say what failed or timed out after 15 minutes, and keep the start and ready texts', () => {
    expect(generationText('Problem', 'video', { initializing: 'Analyzing your problem...', ready: 'Problem solved!' })).toEqual({
      initializing: 'Analyzing your problem...',
      ready: 'Problem solved!',
      timedOut: 'Problem generation timed out after 15 minutes. The video might still be processing.',
      failed: 'Problem generation failed',
    });
  });
});
