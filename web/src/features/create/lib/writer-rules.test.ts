import { describe, expect, it } from 'vitest';
import { writerFromCapabilities, writerFromEngineText } from '@/features/create/lib/writer-rules';

describe('who writes the script', () => {
  it('reads the structured writer of /api/video-functions-status', () => {
    expect(writerFromCapabilities({ video_generation: { writer: { kind: 'remote_model', label: 'gpt-4o-mini' } } })).toEqual({
      kind: 'remote_model',
      label: 'gpt-4o-mini',
    });
  });

  it('ignores an answer without it, or with a kind it does not know', () => {
    expect(writerFromCapabilities({ video_generation: { available: true } })).toBeNull();
    expect(writerFromCapabilities({ video_generation: { writer: 'language model' } })).toBeNull();
    expect(writerFromCapabilities({ video_generation: { writer: { kind: 'oracle' } } })).toBeNull();
    expect(writerFromCapabilities(null)).toBeNull();
  });

  it("reads /debug's engine sentence until then", () => {
    expect(writerFromEngineText('offline writer (labelled offline draft)')?.kind).toBe('offline_draft');
    expect(writerFromEngineText('local model: Qwen2.5 1.5B Instruct Q4_K_M via llama.cpp')).toEqual({
      kind: 'local_model',
      label: 'a local model (Qwen2.5 1.5B Instruct Q4_K_M via llama.cpp)',
    });
    expect(writerFromEngineText('OpenAI-compatible (https://api.openai.com/v1, model gpt-4o-mini)')).toEqual({
      kind: 'remote_model',
      label: 'a language model (gpt-4o-mini)',
    });
    expect(writerFromEngineText(undefined)).toBeNull();
  });
});
