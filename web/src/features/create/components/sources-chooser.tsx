import { useEffect, useId } from 'react';
import { Link } from 'react-router';
import { limits } from '@/types/limits';
import type { components } from '@/types/openapi';
import { kindNames } from '@/lib/source-kinds';
import '@/features/create/components/sources-chooser.css';

type SourceSummary = components['schemas']['SourceSummary'];

/** The most documents one video or course may be written from (the API's `source_ids` limit). */
export const MAX_SOURCES = limits.video.maxSources;

/**
 * The learner's documents a video or a course may be written from (issue 50), as the screen
 * that shows the form has them: the list (undefined while it loads), why it could not be
 * read, and where documents are added.
 */
export type SourcesOffer = {
  documents: readonly SourceSummary[] | undefined;
  error: string | null;
  /** Asks for the list again (after a failure, or after the server refused a choice). */
  refresh: () => void;
  /** The Sources page, where documents are added. */
  addPath: string;
};


/** "PDF · 3 pages · 12 passages": what a document is, in a few words. */
export function sourceFacts(source: Pick<SourceSummary, 'kind' | 'pages' | 'passages'>): string {
  const parts = [kindNames[source.kind] ?? source.kind];
  if (source.pages != null) parts.push(`${source.pages} ${source.pages === 1 ? 'page' : 'pages'}`);
  parts.push(`${source.passages} ${source.passages === 1 ? 'passage' : 'passages'}`);
  return parts.join(' · ');
}

/**
 * What a create form does with the chooser, once for every form that has it: the server's
 * refusal of the chosen documents (a 422 on `source_ids`: one is no longer among the learner's
 * sources, too many, too short), after which the list is asked again; and whether the chooser
 * is shown at all (once the learner has documents, a choice, a refusal or a load error).
 */
export function useSourcesChoice(
  offer: SourcesOffer | undefined,
  generation: { refusedField: string | null; error: string | null },
  chosen: readonly string[],
): { refused: string | null; shown: boolean } {
  const refused = generation.refusedField === 'source_ids' ? generation.error : null;
  const refresh = offer?.refresh;
  useEffect(() => {
    if (refused) refresh?.();
  }, [refused, refresh]);
  const shown = Boolean(offer && (offer.error || refused || (offer.documents?.length ?? 0) > 0 || chosen.length > 0));
  return { refused, shown };
}

type SourcesChooserProps = {
  offer: SourcesOffer;
  /** The chosen documents' ids, in the order chosen. */
  value: string[];
  onChange: (ids: string[]) => void;
  /** Why the server refused the choice, in plain words; null when it did not. */
  error: string | null;
  /** What the documents make ("video", "course"): the count's "the most one video can use". */
  noun?: string;
  /** What choosing documents does to it, under the legend; by default the video's. */
  help?: string;
};

const VIDEO_HELP =
  'Choose your own documents and the video teaches what they say, each sentence citing the passage it ' +
  `rests on. Up to ${MAX_SOURCES}; none, and it is written from the topic alone.`;

/**
 * Which of the learner's documents the video (or course) is written from: a check box each, at
 * most MAX_SOURCES, and a way to the Sources page to add more. None chosen: the video is
 * written from the topic alone, the course planned from its goal.
 */
export function SourcesChooser({ offer, value, onChange, error, noun = 'video', help = VIDEO_HELP }: SourcesChooserProps) {
  const ids = { help: useId(), count: useId(), error: useId() };
  const { documents } = offer;
  const full = value.length >= MAX_SOURCES;

  // A choice kept from an earlier visit may name a document removed since: it is let go.
  useEffect(() => {
    if (!documents) return;
    const kept = value.filter((id) => documents.some((d) => d.id === id));
    if (kept.length !== value.length) onChange(kept);
  }, [documents, value, onChange]);

  const toggle = (id: string, on: boolean) => onChange(on ? [...value, id] : value.filter((v) => v !== id));
  const describedBy = [ids.help, documents && documents.length > 0 ? ids.count : null, error ? ids.error : null]
    .filter(Boolean)
    .join(' ');

  return (
    <fieldset className="field sources-choice" aria-describedby={describedBy}>
      <legend className="field__label">
        Sources <span className="sources-choice__optional">(optional)</span>
      </legend>
      <p id={ids.help} className="field__help">
        {help}
      </p>

      {offer.error ? (
        <p className="field__error sources-choice__problem">
          Your documents could not be loaded: {offer.error}{' '}
          <button type="button" className="btn btn--ghost btn--sm" onClick={offer.refresh}>
            Load them again
          </button>
        </p>
      ) : documents === undefined ? (
        <p className="sources-choice__note" role="status">
          Loading your documents…
        </p>
      ) : documents.length === 0 ? (
        <p className="sources-choice__note">
          You have no documents yet. Add your notes, a chapter or a paper on the{' '}
          <Link to={offer.addPath}>Sources page</Link>, then choose them here.
        </p>
      ) : (
        <>
          <ul className="sources-choice__list">
            {documents.map((source) => {
              const checked = value.includes(source.id);
              return (
                <li key={source.id}>
                  <label className={`sources-choice__item${checked ? ' is-checked' : ''}`}>
                    <input
                      type="checkbox"
                      checked={checked}
                      disabled={!checked && full}
                      onChange={(event) => toggle(source.id, event.target.checked)}
                    />
                    <span className="sources-choice__text">
                      <span className="sources-choice__title">{source.title}</span>
                      <span className="sources-choice__facts">{sourceFacts(source)}</span>
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
          <p id={ids.count} className="field__help sources-choice__count" aria-live="polite">
            {value.length === 0
              ? 'None chosen.'
              : full
                ? `${value.length} chosen: the most one ${noun} can use.`
                : `${value.length} of ${MAX_SOURCES} chosen.`}
          </p>
          <p className="sources-choice__more">
            <Link to={offer.addPath}>Add or remove documents</Link>
          </p>
        </>
      )}

      {error ? (
        <p id={ids.error} className="field__error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
