import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { sourcePassagesQueryOptions } from '@/features/player/api/get-source-passages';
import { citationPlace, type Citation } from '@/features/player/lib/citations';

function unavailable(error: unknown): string {
  if (error instanceof ApiError && error.status === 404) {
    return "The passage's text is not available: the document is no longer among your sources, or it is not yours.";
  }
  return `The passage could not be loaded: ${error instanceof Error && error.message ? error.message : 'please try again.'}`;
}

/** The passage one citation names, read from the learner's document, with its place. */
function CitationPassage({ id, citation }: { id: string; citation: Citation }) {
  const passages = useQuery(sourcePassagesQueryOptions(citation.sourceId));
  const passage = passages.data?.find((p) => p.index === citation.passage);
  return (
    <figure id={id} className="cue-cite">
      <figcaption className="cue-cite__place">
        <span className="cue-cite__number">[{citation.number}]</span> {citationPlace(citation)}
        {passage?.heading ? <span className="cue-cite__heading"> · {passage.heading}</span> : null}
      </figcaption>
      {passages.isPending ? (
        <p className="cue-cite__note">Loading the passage…</p>
      ) : passages.isError ? (
        <p className="cue-cite__note">{unavailable(passages.error)}</p>
      ) : passage ? (
        <blockquote className="cue-cite__text">{passage.text}</blockquote>
      ) : (
        <p className="cue-cite__note">This passage is no longer in the document.</p>
      )}
    </figure>
  );
}

/**
 * A transcript sentence's citations (issue 50): a small "[1]" for each passage it rests on;
 * selecting one (click, Enter or Space) shows the document's title, the page and the
 * passage under the sentence, and selecting it again (or Escape) puts it away.
 */
export function CueCitations({ citations }: { citations: readonly Citation[] }) {
  const [open, setOpen] = useState<number | null>(null);
  const panelId = useId();
  const shown = citations.find((c) => c.number === open);
  if (citations.length === 0) return null;
  return (
    <>
      <span className="cue-cites">
        {citations.map((citation) => {
          const expanded = citation.number === open;
          return (
            <button
              key={citation.number}
              type="button"
              className="cue-cites__mark"
              aria-label={`[${citation.number}] Source: ${citationPlace(citation)}`}
              aria-expanded={expanded}
              aria-controls={expanded ? panelId : undefined}
              onClick={() => setOpen(expanded ? null : citation.number)}
              onKeyDown={(event) => {
                if (event.key === 'Escape' && expanded) {
                  event.stopPropagation();
                  setOpen(null);
                }
              }}
            >
              [{citation.number}]
            </button>
          );
        })}
      </span>
      {shown ? <CitationPassage id={panelId} citation={shown} /> : null}
    </>
  );
}
