import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { AreaError } from '@/components/errors/area-error';
import { ErrorBoundary } from '@/components/errors/error-boundary';
import { TopProgressBar } from '@/components/ui/progress-bar';
import { Toaster } from '@/components/ui/toaster';
import { hasAnimatedTransition } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { ConnectionBanner } from '@/features/health/components/connection-banner';
import { GenerationQueueSlot } from '@/app/layout/generation-queue-slot';
import { QueuePanel, QueueToggle } from '@/features/queue/components/queue-panel';
import { NavigationProgress } from '@/app/preload/navigation-progress';
import { PreloadProvider } from '@/app/preload/preload-provider';
import { SiteFooter } from '@/app/layout/site-footer';
import { TopNav } from '@/app/layout/top-nav';

export function RootLayout() {
  const { status } = useAuth();
  const location = useLocation();
  const animated = hasAnimatedTransition(location.pathname);

  return (
    <GenerationQueueSlot>
      <PreloadProvider>
        <div className="app-shell">
          <a href="#main" className="skip-link">
            Skip to content
          </a>
          {status === 'unknown' ? <TopProgressBar label="Checking your sign-in" /> : <NavigationProgress />}
          <ErrorBoundary
            area="navigation"
            fallback={({ reset }) => (
              <div className="container">
                <AreaError title="The navigation could not be shown" reset={reset} />
              </div>
            )}
          >
            <TopNav queueToggle={<QueueToggle />} />
          </ErrorBoundary>
          <ConnectionBanner />
          <div className="app-body">
            {status === 'signed-in' ? (
              <ErrorBoundary area="generation-queue" fallback={() => null}>
                <QueuePanel />
              </ErrorBoundary>
            ) : null}
            <main id="main" tabIndex={-1} className="app-main">
              <ErrorBoundary
                area="page"
                resetKey={location.pathname}
                fallback={({ reset }) => (
                  <div className="container page">
                    <AreaError title="This page could not be shown" reset={reset} />
                  </div>
                )}
              >
                <div key={animated ? location.pathname : 'instant'} className={animated ? 'page-transition' : undefined}>
                  <Outlet />
                </div>
              </ErrorBoundary>
            </main>
          </div>
          <SiteFooter />
          <Toaster />
          <ScrollRestoration />
        </div>
      </PreloadProvider>
    </GenerationQueueSlot>
  );
}
