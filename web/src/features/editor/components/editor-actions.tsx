import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { ApiError, errorDetail } from '@/lib/api-client';

/** What a failed render or save says: the server's detail, and for a 422 where to look. */
export type ActionError = { message: string; needsCredits: boolean };

/** Whether a 422 refused the dry run a render names (`preview_job_id`): nothing in the scenes to fix. */
function refusesPreview(error: ApiError): boolean {
  const detail = errorDetail(error);
  return (
    Array.isArray(detail) &&
    detail.some((item: unknown) => {
      const loc = (item as { loc?: unknown } | null)?.loc;
      return Array.isArray(loc) && loc.includes('preview_job_id');
    })
  );
}

export function actionError(error: unknown): ActionError {
  if (error instanceof ApiError) {
    if (error.status === 422 && refusesPreview(error)) {
      return { message: 'This preview can no longer be rendered: start again from the create screen.', needsCredits: false };
    }
    if (error.status === 422) return { message: 'Some fields need fixing: the problems are marked in the scenes below.', needsCredits: false };
    return { message: error.message, needsCredits: error.status === 402 };
  }
  return { message: error instanceof Error && error.message ? error.message : 'Unknown error occurred', needsCredits: false };
}

/** The error under an editor's action button, with Buy Credits when the balance was short (402). */
export function ActionErrorMessage({ error }: { error: ActionError | null }) {
  if (!error) return null;
  return (
    <div className="editor-actions__row" role="alert">
      <p className="editor-actions__error">{error.message}</p>
      {error.needsCredits ? (
        <Link to={paths.credits} className="btn btn--accent btn--sm">
          Buy Credits
        </Link>
      ) : null}
    </div>
  );
}
