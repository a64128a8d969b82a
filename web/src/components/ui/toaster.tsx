import { useSyncExternalStore } from 'react';
import { dismissToast, getToasts, subscribeToasts } from '@/components/ui/toast-store';
import { Icon } from '@/components/ui/icon';

export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  return (
    <div className="toaster" aria-live="polite" aria-relevant="additions">
      {toasts.map((t) => (
        <div key={t.id} className={`toast toast--${t.tone}`} role={t.tone === 'error' ? 'alert' : 'status'}>
          <Icon name={t.tone === 'error' ? 'alert' : t.tone === 'success' ? 'check-circle' : 'info'} className="toast__icon" />
          <p className="toast__message">{t.message}</p>
          <button type="button" className="toast__close" aria-label="Dismiss notification" onClick={() => dismissToast(t.id)}>
            <Icon name="x" />
          </button>
        </div>
      ))}
    </div>
  );
}
