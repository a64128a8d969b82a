import { Icon } from '@/components/ui/icon';
import { useServerHealth } from '@/features/health/api/get-health';

/** Tells the user plainly when Lectern's server cannot be reached, and clears itself. */
export function ConnectionBanner() {
  const health = useServerHealth();
  if (!health.isError) return null;
  return (
    <div className="connection-banner" role="status">
      <div className="container connection-banner__inner">
        <Icon name="alert" />
        <p>Lectern's server cannot be reached right now. We will keep trying every 30 seconds.</p>
        <button type="button" className="btn btn--ghost btn--sm" onClick={() => void health.refetch()} disabled={health.isFetching}>
          {health.isFetching ? 'Checking…' : 'Try now'}
        </button>
      </div>
    </div>
  );
}
