import { Icon } from '@/components/ui/icon';
import { useStoryboardPreview, type PreviewKind } from '@/features/create/hooks/use-storyboard-preview';

type PreviewButtonProps<Form, Request extends { dry_run: boolean }> = {
  userId: string | null;
  /** The form's kind of preview (lessonPreview, problemPreview). */
  kind: PreviewKind<Form, Request>;
  /** The form's handleSubmit: the preview is of its checked values. */
  handleSubmit: (onValid: (form: Form) => Promise<void>) => () => Promise<void>;
};

/**
 * "Preview storyboard": a free dry run of the same order, to check the script before paying
 * (issue 16); why the last one did not start (429: too many free previews this hour) shows in place.
 */
export function PreviewButton<Form, Request extends { dry_run: boolean }>({ userId, kind, handleSubmit }: PreviewButtonProps<Form, Request>) {
  const { preview, busy, error } = useStoryboardPreview(userId, kind);
  const onPreview = handleSubmit(preview);
  return (
    <>
      <button type="button" className="btn btn--secondary btn--block" onClick={() => void onPreview()} disabled={busy}>
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
