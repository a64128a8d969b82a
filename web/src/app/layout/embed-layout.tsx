import { Outlet } from 'react-router';
import { AreaError } from '@/components/errors/area-error';
import { ErrorBoundary } from '@/components/errors/error-boundary';

/**
 * Issue 17's embeds: the player alone, framed by other sites. No navigation, sign-in or queue;
 * the viewer may be anonymous and nothing is reported.
 */
export function EmbedLayout() {
  return (
    <main id="main" className="embed-shell">
      <ErrorBoundary
        area="embed"
        fallback={({ reset }) => <AreaError title="This player could not be shown" reset={reset} />}
      >
        <Outlet />
      </ErrorBoundary>
    </main>
  );
}
