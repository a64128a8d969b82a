import type { components } from '@/types/openapi';

/** One of the learner's documents a lesson is written from, and the pages of it (issue 50). */
export type LessonDocument = components['schemas']['LessonDocument'];

/**
 * Pages as a reader cites them: "page 4", "pages 1–3, 5" (runs of consecutive pages collapse
 * to a range); "" for none.
 */
export function pageRanges(pages: readonly number[]): string {
  const sorted = [...new Set(pages)].sort((a, b) => a - b);
  if (sorted.length === 0) return '';
  if (sorted.length === 1) return `page ${sorted[0]}`;
  const runs: string[] = [];
  let start = sorted[0]!;
  let end = start;
  for (const page of sorted.slice(1)) {
    if (page === end + 1) {
      end = page;
      continue;
    }
    runs.push(start === end ? `${start}` : `${start}–${end}`);
    start = end = page;
  }
  runs.push(start === end ? `${start}` : `${start}–${end}`);
  return `pages ${runs.join(', ')}`;
}

/**
 * What a lesson is written from, in a line: "From Velmora glass, pages 2–3; Brine recipes".
 * A document deleted since is said to be one ("a document you deleted"), last; null for a
 * lesson of a course planned from its goal alone.
 */
export function lessonSourcesText(documents: readonly LessonDocument[]): string | null {
  if (documents.length === 0) return null;
  const named = documents
    .filter((d) => d.title !== null)
    .map((d) => {
      const pages = pageRanges(d.pages);
      return pages ? `${d.title}, ${pages}` : `${d.title}`;
    });
  const deleted = documents.length - named.length;
  if (deleted > 0) named.push(deleted === 1 ? 'a document you deleted' : `${deleted} documents you deleted`);
  return `From ${named.join('; ')}`;
}
