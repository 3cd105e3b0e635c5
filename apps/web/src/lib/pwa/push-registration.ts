/**
 * This page's service worker registration, where the browser does Web Push (a service worker
 * and a PushManager); null elsewhere, or before the worker is registered.
 */
export async function pushRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator) || !('PushManager' in window)) return null;
  return (await navigator.serviceWorker.getRegistration()) ?? null;
}
