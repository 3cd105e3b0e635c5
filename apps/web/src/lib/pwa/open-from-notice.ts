/**
 * Follows the service worker's request to open a path of the app (a notification was clicked
 * and this tab was focused): `open` navigates within the app. Returns a function that stops.
 */
export function followOpenRequests(open: (url: string) => void): () => void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return () => undefined;
  const onMessage = (event: MessageEvent<unknown>) => {
    const data = event.data;
    if (typeof data !== 'object' || data === null) return;
    const { type, url } = data as Record<string, unknown>;
    if (type !== 'confab:open' || typeof url !== 'string') return;
    // A path of this app only.
    if (!url.startsWith('/') || url.startsWith('//')) return;
    open(url);
  };
  navigator.serviceWorker.addEventListener('message', onMessage);
  return () => navigator.serviceWorker.removeEventListener('message', onMessage);
}
