import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isLoginCompleteEvent } from './popup-login';
import { sessionQueryKey } from './session';

/**
 * Reads the session again when it may have changed behind the app's back (docs/product.md#session):
 * the page came back from the back-forward cache, or a popup sign-in finished.
 */
export function useSessionSync(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refetch = () => void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) refetch();
    };
    const onStorage = (event: StorageEvent) => {
      if (isLoginCompleteEvent(event)) refetch();
    };
    window.addEventListener('pageshow', onPageShow);
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener('pageshow', onPageShow);
      window.removeEventListener('storage', onStorage);
    };
  }, [queryClient]);
}
