import { ApiError, errorDetail } from '@/lib/api-client';

/**
 * One problem the server found in a storyboard: the scene it is in (an index into the
 * storyboard that was sent; null for the storyboard as a whole), the field inside that scene
 * as a dotted path ("steps.0.math"; "" for the scene or document itself) and the message.
 */
export type StoryboardIssue = { scene: number | null; field: string; message: string };

/** A location's pieces: ["body","storyboard","scenes",2,"steps",0,"math"], or the same as "scenes[2].steps[0].math". */
function tokens(loc: unknown): string[] {
  const parts = Array.isArray(loc) ? loc : typeof loc === 'string' ? [loc] : [];
  return parts.flatMap((part) => String(part).split(/[.[\]]+/)).filter(Boolean);
}

const isIndex = (token: string | undefined): token is string => token !== undefined && /^\d+$/.test(token);

function locate(loc: unknown, message: string, requestedScene: number | null): StoryboardIssue {
  let at = tokens(loc);
  if (at[0] === 'body') at = at.slice(1);
  if (at[0] === 'storyboard') at = at.slice(1);
  if (at[0] === 'scenes' && isIndex(at[1])) return { scene: Number(at[1]), field: at.slice(2).join('.'), message };
  // The pipeline's check of one scene on its own names it "scene" (the frame's scene).
  if (at[0] === 'scene' && at.length > 1 && requestedScene !== null) return { scene: requestedScene, field: at.slice(1).join('.'), message };
  return { scene: null, field: at.join('.'), message };
}

/**
 * The problems a 422 answer names, each where it belongs; null when `error` is not a 422.
 * `requestedScene` is the scene a preview frame was asked for.
 */
export function storyboardIssues(error: unknown, requestedScene: number | null = null): StoryboardIssue[] | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  const detail = errorDetail(error);
  if (Array.isArray(detail)) {
    const issues = detail.flatMap((item: unknown) => {
      if (typeof item === 'string') return [{ scene: null, field: '', message: item }];
      const { loc, msg } = (item ?? {}) as { loc?: unknown; msg?: unknown };
      return typeof msg === 'string' ? [locate(loc, msg, requestedScene)] : [];
    });
    if (issues.length > 0) return issues;
  }
  return [{ scene: null, field: '', message: error.message }];
}

/**
 * A field's dotted path ("steps.0.math") in words ("Step 1, math"): a message names where to
 * look, never the path code uses (issue 54).
 */
export function fieldInWords(field: string): string {
  const parts: string[] = [];
  for (const token of field.split('.').filter(Boolean)) {
    const last = parts.length - 1;
    if (isIndex(token) && last >= 0) parts[last] = `${(parts[last] ?? '').replace(/s$/, '')} ${Number(token) + 1}`;
    else parts.push(token.replace(/_/g, ' '));
  }
  const text = parts.join(', ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
