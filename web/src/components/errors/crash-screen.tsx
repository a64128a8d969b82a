import { Icon } from '@/components/ui/icon';

/** SPEC 2.3 full-page error screen, shown when rendering crashes outside any area boundary. */
export function CrashScreen() {
  return (
    <div className="crash-screen" role="alert">
      <div className="card crash-screen__card">
        <span className="icon-tile icon-tile--inline icon-tile--large crash-screen__icon">
          <Icon name="alert" />
        </span>
        <h1>Something went wrong</h1>
        <p>The app encountered an error. Please refresh the page to try again.</p>
        <div className="card-actions">
          <button type="button" className="btn btn--primary btn--lg" onClick={() => window.location.reload()}>
            <Icon name="refresh" /> Refresh Page
          </button>
          <a className="btn btn--ghost btn--lg" href="/">
            Go to home
          </a>
        </div>
      </div>
    </div>
  );
}
