/**
 * Unsaved work kept on this device (issue 54): a create form's text or a storyboard's edits
 * survive Back, a reload or a crash. Keyed by user, so that someone else signing in on the same
 * browser never sees another person's draft.
 */

const PREFIX = 'lectern:draft:';

/** The storage key of `userId`'s draft called `name` ("create-lesson", "revision:{videoId}"). */
export function draftKey(userId: string, name: string): string {
  return `${PREFIX}${userId}:${name}`;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can be refused (a privacy setting): the page still works, without drafts.
    return null;
  }
}

export function readDraft<T>(key: string): T | null {
  const text = storage()?.getItem(key);
  if (!text) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

export function writeDraft(key: string, value: unknown): void {
  try {
    storage()?.setItem(key, JSON.stringify(value));
  } catch {
    // A full storage keeps the last draft that fitted; the page itself carries on.
  }
}

export function clearDraft(key: string): void {
  storage()?.removeItem(key);
}
