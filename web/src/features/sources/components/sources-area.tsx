import { useId, useRef, useState, type DragEvent, type FormEvent } from 'react';
import {
  useAddSources,
  useDeleteSource,
  useSources,
  type SourceSummary,
} from '@/features/sources/api/sources';
import { kindNames } from '@/lib/source-kinds';
import './sources.css';

/** What the file picker offers; the server decides by the file's first bytes and name. */
const ACCEPT = [
  '.pdf,.md,.markdown,.txt,.html,.htm,.docx,.epub',
  'application/pdf,text/markdown,text/plain,text/html,application/epub+zip',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
].join(',');

/** "1.2 MB", "840 KB". */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.ceil(bytes / 1024))} KB`;
}

/** "PDF · 3 pages · 2,345 characters · 12 passages" */
export function describeSource(source: SourceSummary): string {
  const parts = [kindNames[source.kind] ?? source.kind];
  if (source.pages != null) parts.push(`${source.pages} ${source.pages === 1 ? 'page' : 'pages'}`);
  parts.push(`${source.characters.toLocaleString('en')} characters`);
  parts.push(`${source.passages} ${source.passages === 1 ? 'passage' : 'passages'}`);
  return parts.join(' · ');
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : 'Something went wrong. Please try again.';
}

/**
 * Issue 50: the learner's own documents. Drop files or choose them, or paste text; each is
 * read on the server into passages (a PDF with its pages), listed with its size, and can be
 * removed. Errors are said inline in the server's plain words.
 */
export function SourcesArea({ userId }: { userId: string }) {
  const sources = useSources(userId);
  const add = useAddSources(userId);
  const remove = useDeleteSource(userId);
  const [dragging, setDragging] = useState(false);
  const [reading, setReading] = useState<string | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const [pasteError, setPasteError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const ids = { heading: useId(), files: useId(), title: useId(), text: useId(), pasteError: useId() };

  const addFiles = (files: File[]) => {
    if (files.length === 0 || add.isPending) return;
    setAdded(null);
    const [first] = files;
    setReading(files.length === 1 && first ? `Reading ${first.name}…` : `Reading ${files.length} files…`);
    add.mutate(
      { files },
      {
        onSuccess: (result) => {
          setAdded(`Added ${result.sources.map((s) => `${s.title} (${describeSource(s)})`).join('; ')}.`);
        },
        onSettled: () => {
          setReading(null);
          if (fileInput.current) fileInput.current.value = '';
        },
      },
    );
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    addFiles(Array.from(event.dataTransfer.files));
  };

  const onPaste = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!title.trim() || !text.trim()) {
      setPasteError(!title.trim() ? 'Give the text a title.' : 'Paste some text to add.');
      return;
    }
    setPasteError(null);
    setAdded(null);
    add.mutate(
      { title: title.trim(), text },
      {
        onSuccess: (result) => {
          setTitle('');
          setText('');
          setAdded(`Added ${result.sources[0]?.title ?? 'your text'}.`);
        },
        onError: (error) => setPasteError(errorText(error)),
      },
    );
  };

  const list = sources.data;
  const uploadError = add.isError && reading === null && !pasteError ? errorText(add.error) : null;

  return (
    <section className="sources" aria-labelledby={ids.heading}>
      <h2 id={ids.heading} className="sources__heading">
        Your sources
      </h2>
      <p className="sources__intro">
        Bring your notes, a chapter, a paper or a saved web page: Lectern reads it into passages that a video can be
        written from. PDF, Word (DOCX), EPUB, Markdown, plain text and HTML, up to 20 MB each.
      </p>

      <div
        className={`sources__drop${dragging ? ' sources__drop--active' : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <p>Drop files here, or</p>
        <label htmlFor={ids.files} className="sources__pick">
          Choose files
        </label>
        <input
          id={ids.files}
          ref={fileInput}
          className="sources__file-input"
          type="file"
          multiple
          accept={ACCEPT}
          disabled={add.isPending}
          onChange={(event) => addFiles(Array.from(event.target.files ?? []))}
        />
      </div>

      <div aria-live="polite" role="status" className="sources__status">
        {reading ?? added ?? ''}
      </div>
      {uploadError ? (
        <p role="alert" className="sources__error">
          {uploadError}
        </p>
      ) : null}

      <form className="sources__paste" onSubmit={onPaste} noValidate>
        <h3 className="sources__subheading">Paste text</h3>
        <label htmlFor={ids.title}>Title</label>
        <input
          id={ids.title}
          value={title}
          maxLength={200}
          onChange={(event) => setTitle(event.target.value)}
          aria-describedby={pasteError ? ids.pasteError : undefined}
        />
        <label htmlFor={ids.text}>Text</label>
        <textarea
          id={ids.text}
          rows={6}
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-describedby={pasteError ? ids.pasteError : undefined}
        />
        {pasteError ? (
          <p id={ids.pasteError} role="alert" className="sources__error">
            {pasteError}
          </p>
        ) : null}
        <button type="submit" className="btn btn--secondary" disabled={add.isPending}>
          Add text
        </button>
      </form>

      <h3 className="sources__subheading">Documents</h3>
      {sources.isPending ? <p>Loading your sources…</p> : null}
      {sources.isError ? (
        <p role="alert" className="sources__error">
          Your sources could not be loaded: {errorText(sources.error)}
        </p>
      ) : null}
      {list ? (
        <>
          <p className="sources__quota">
            {formatBytes(list.used_bytes)} of {formatBytes(list.quota_bytes)} used
          </p>
          {list.sources.length === 0 ? (
            <p>No sources yet.</p>
          ) : (
            <ul className="sources__list">
              {list.sources.map((source) => (
                <li key={source.id} className="sources__item">
                  <span className="sources__title">{source.title}</span>
                  <span className="sources__facts">
                    {describeSource(source)} · {formatBytes(source.bytes)}
                  </span>
                  <button
                    type="button"
                    className="btn btn--ghost"
                    aria-label={`Remove ${source.title}`}
                    onClick={() => remove.mutate(source)}
                  >
                    Remove
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      ) : null}
      {remove.isError ? (
        <p role="alert" className="sources__error">
          It could not be removed: {errorText(remove.error)}
        </p>
      ) : null}
    </section>
  );
}
