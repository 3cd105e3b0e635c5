import { useEffect } from 'react';

/**
 * Sends the signed-in user's waiting messages whichever page is open, now and on every
 * reconnection: a message typed offline must not wait for its chat room to be opened again.
 * The outbox is loaded on demand so that public pages (sign-in) do not carry it.
 */
export function useOutboxDelivery(userId: string | null): void {
  useEffect(() => {
    if (!userId) return;
    let current = true;
    import('../lib/app-outbox')
      .then(({ deliverOutboxFor }) => {
        if (current) deliverOutboxFor(userId);
      })
      .catch((error: unknown) => {
        // A failed chunk load is retried by the next sign-in or page load; nothing is lost.
        console.warn('[outbox] could not start delivery', error);
      });
    return () => {
      current = false;
    };
  }, [userId]);
}
