/** The service worker's address: at the root, so its scope is the whole app. */
export const serviceWorkerUrl = '/sw.js';

/**
 * Registers the service worker of a production build (docs/product.md#installable-app) once
 * the page has loaded, so its install (fetching the build's files) never competes with the
 * page's own requests. The development server has no worker: Vite serves modules unbundled.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register(serviceWorkerUrl).catch((error: unknown) => {
      // The app works without it; only the offline start is lost.
      console.warn('The service worker could not be registered.', error);
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
