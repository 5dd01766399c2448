import { useEffect } from 'react';

/**
 * While `active`, reloading or leaving the page asks first (the browser's own "Leave site?" question): for work that
 * a reload would lose without a word, such as a file chosen but not yet sent, or one being sent.
 */
export function useLeaveWarning(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = true;
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [active]);
}
