import { api } from '@/lib/api-client';
import type { PreviewFrame } from '@/features/editor/api/contract';

/** Slides drawn at once: every card asks for its slide when the editor opens, and drawing takes the server's CPU. */
export const MAX_FRAMES_AT_ONCE = 2;

let running = 0;
const waiting: (() => void)[] = [];

/** Waits for a free drawing slot; resolves to the function that frees it. */
function acquire(signal?: AbortSignal): Promise<() => void> {
  return new Promise((resolve, reject) => {
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      running -= 1;
      waiting.shift()?.();
    };
    const grant = () => {
      signal?.removeEventListener('abort', onAbort);
      running += 1;
      resolve(release);
    };
    const onAbort = () => {
      const at = waiting.indexOf(grant);
      if (at >= 0) waiting.splice(at, 1);
      reject(signal?.reason ?? new DOMException('Aborted', 'AbortError'));
    };
    if (signal?.aborted) return onAbort();
    if (running < MAX_FRAMES_AT_ONCE) return grant();
    waiting.push(grant);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** POST /api/storyboards/preview-frame: scene `scene` of the storyboard drawn as a PNG (a 422 names what is wrong). */
export async function getPreviewFrame(body: PreviewFrame, signal?: AbortSignal): Promise<Blob> {
  const release = await acquire(signal);
  try {
    return await api.post<Blob>('/api/storyboards/preview-frame', body, { signal, as: 'blob' });
  } finally {
    release();
  }
}
