import type { components } from '@/types/openapi';
import type { Writer, WriterKind } from '@/types/writer';

/** GET /api/video-functions-status as it may arrive: any section or field can be missing. */
export type CapabilitiesAnswer = { [K in keyof Capabilities]?: Partial<Capabilities[K]> | null };

type Capabilities = components['schemas']['Capabilities'];

const KINDS: readonly WriterKind[] = ['local_model', 'remote_model', 'offline_draft'];

export const isWriterKind = (value: unknown): value is WriterKind =>
  typeof value === 'string' && (KINDS as readonly string[]).includes(value);

/**
 * Reads the structured writer the server is asked to report (`video_generation.writer` of
 * GET /api/video-functions-status: `{kind, label}`); null when it is not there.
 */
export function writerFromCapabilities(body: unknown): Writer | null {
  // Read as the API's `Capabilities`, leniently: an older server has no `writer`, another may name it in a sentence.
  const writer: Partial<Writer> | string | null | undefined = (body as CapabilitiesAnswer | null | undefined)?.video_generation?.writer;
  if (typeof writer !== 'object' || writer === null) return null;
  const { kind, label } = writer;
  if (!isWriterKind(kind)) return null;
  return { kind, label: typeof label === 'string' && label.trim() ? label.trim() : defaultLabel(kind) };
}

/**
 * Until the server reports the writer as a field, GET /debug's `engines["script writer"]`
 * sentence says it: "offline writer (…)", "local model: …" or "OpenAI-compatible (…)".
 */
export function writerFromEngineText(text: unknown): Writer | null {
  if (typeof text !== 'string' || !text.trim()) return null;
  const t = text.trim();
  const lower = t.toLowerCase();
  if (lower.startsWith('offline')) return { kind: 'offline_draft', label: defaultLabel('offline_draft') };
  if (lower.startsWith('local model')) {
    const name = t.replace(/^local model:?\s*/i, '').trim();
    return { kind: 'local_model', label: name ? `a local model (${name})` : defaultLabel('local_model') };
  }
  const model = /model\s+([^,)]+)\)?\s*$/i.exec(t)?.[1]?.trim();
  return { kind: 'remote_model', label: model ? `a language model (${model})` : defaultLabel('remote_model') };
}

export function defaultLabel(kind: WriterKind): string {
  switch (kind) {
    case 'local_model':
      return 'a local language model on this server';
    case 'remote_model':
      return 'a language model';
    case 'offline_draft':
      return 'the offline writer';
  }
}
