import { useCallback, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

/**
 * While `when` holds, leaving the page asks first (issue 54): a link or Back inside the app
 * asks with `message`; closing or reloading the tab asks with the browser's own question.
 * `release()` lets the next navigation through (the work was just sent, and the page moves on).
 */
export function useLeaveGuard(when: boolean, message: string): { release: () => void } {
  const released = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => when && !released.current && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(message)) blocker.proceed();
    else blocker.reset();
  }, [blocker, message]);

  useEffect(() => {
    if (!when) return undefined;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (released.current) return;
      event.preventDefault();
      // Older browsers ask only when a value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);

  const release = useCallback(() => {
    released.current = true;
  }, []);
  return { release };
}
