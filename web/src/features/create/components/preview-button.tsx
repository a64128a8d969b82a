import { Icon } from '@/components/ui/icon';

type PreviewButtonProps = {
  onPreview: () => void;
  busy: boolean;
  /** Why the last preview did not start (429: too many free previews this hour), shown in place. */
  error: string | null;
};

/** "Preview storyboard": a free dry run of the same order, to check the script before paying (issue 16). */
export function PreviewButton({ onPreview, busy, error }: PreviewButtonProps) {
  return (
    <>
      <button type="button" className="btn btn--secondary btn--block" onClick={onPreview} disabled={busy}>
        {busy ? <span className="spinner" aria-hidden="true" /> : <Icon name="pencil" />}
        {busy ? 'Starting the preview…' : 'Preview storyboard'}
      </button>
      {error ? (
        <p className="field__error" role="alert" data-testid="preview-error">
          {error}
        </p>
      ) : null}
    </>
  );
}
