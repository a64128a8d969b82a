import type { components } from '@/types/openapi';

/** Where a narrated sentence comes from: a passage of one of the learner's documents (issue 50). */
export type Cite = components['schemas']['Cite'];
/** A document a video's sentences cite, with the pages cited. */
export type CitedDocument = components['schemas']['DocumentNote'];

/** One citation as the transcript shows it: its number, the document and the passage. */
export type Citation = {
  /** Its footnote number: each passage cited gets one, in the order first cited. */
  number: number;
  sourceId: string;
  /** The passage's place in its document, from 0. */
  passage: number;
  page: number | null;
  /** The document's title, as the video recorded it. */
  title: string;
};

/**
 * The citations of each sentence, numbered like footnotes: a passage cited again keeps its
 * number, and is named once per sentence. A document the video does not name is called "A
 * document of yours".
 */
export function numberCitations(
  sentences: readonly (readonly Cite[])[],
  documents: readonly CitedDocument[],
): Citation[][] {
  const titles = new Map(documents.map((d) => [d.source_id, d.title]));
  const numbers = new Map<string, number>();
  return sentences.map((cites) => {
    const citations: Citation[] = [];
    for (const cite of cites) {
      const key = `${cite.source_id}#${cite.passage}`;
      let number = numbers.get(key);
      if (number === undefined) {
        number = numbers.size + 1;
        numbers.set(key, number);
      }
      if (citations.some((c) => c.number === number)) continue;
      citations.push({
        number,
        sourceId: cite.source_id,
        passage: cite.passage,
        page: cite.page ?? null,
        title: titles.get(cite.source_id) ?? 'A document of yours',
      });
    }
    return citations;
  });
}

/** "Notes on glass, page 3" or just the title when the document has no pages. */
export function citationPlace(citation: Pick<Citation, 'title' | 'page'>): string {
  return citation.page != null ? `${citation.title}, page ${citation.page}` : citation.title;
}
