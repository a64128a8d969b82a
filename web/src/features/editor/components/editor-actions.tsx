import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';

/** What a failed render or save says: the server's detail, and for a 422 where to look. */
export type ActionError = { message: string; needsCredits: boolean };

export function actionError(error: unknown): ActionError {
  if (error instanceof ApiError) {
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
