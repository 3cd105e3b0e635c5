/// <reference lib="WebWorker" />
import { fetchPlan, type FetchPlan } from '../src/lib/pwa/fetch-plan.ts';
import { noticeFromPush } from '../src/lib/pwa/push-notice.ts';
import type { ShownNotice } from '../src/lib/pwa/shown-notice.ts';

/**
 * The app's service worker (docs/product.md#installable-app), built by
 * build/service-worker-plugin.ts with this build's id and file list compiled in:
 * - it keeps the app shell and the build's files in a cache of this build, and a new build
 *   replaces the old cache;
 * - a page load goes to the network first and falls back to the cached document, so a reload
 *   while offline opens the app (its offline banner, its outbox) and not the browser's error page;
 * - the API, the socket and the build id are never cached or answered here;
 * - it shows Web Push notifications and opens the chat when one is clicked.
 */
declare const self: ServiceWorkerGlobalScope;
declare const __SW_BUILD_ID__: string;
declare const __SW_PRECACHE__: string[];

const cachePrefix = 'confab-shell-';
const cacheName = `${cachePrefix}${__SW_BUILD_ID__}`;
const precached = new Set(__SW_PRECACHE__);
/** A page load that has not answered by then is served from the cache (a server that hangs). */
const pageTimeoutMs = 5_000;

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(cacheName);
      // `reload`: past the HTTP cache, so the documents are this build's.
      await cache.addAll([...precached].map((path) => new Request(path, { cache: 'reload' })));
      // The old build's pages keep working: their chunks come from the server or, for those
      // gone, their chunk-error path reloads them into this build.
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((name) => name.startsWith(cachePrefix) && name !== cacheName)
          .map((name) => caches.delete(name)),
      );
      await self.clients.claim();
    })(),
  );
});

async function fromCache(path: string): Promise<Response | undefined> {
  const cache = await caches.open(cacheName);
  return cache.match(path);
}

async function pageResponse(request: Request, fallback: string): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), pageTimeoutMs);
  try {
    return await fetch(request, { signal: controller.signal });
  } catch (error) {
    const cached = await fromCache(fallback);
    if (cached) return cached;
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

async function precachedResponse(request: Request, path: string): Promise<Response> {
  return (await fromCache(path)) ?? fetch(request);
}

function respond(event: FetchEvent, plan: FetchPlan) {
  if (plan.kind === 'page') event.respondWith(pageResponse(event.request, plan.fallback));
  else if (plan.kind === 'precached')
    event.respondWith(precachedResponse(event.request, plan.path));
}

self.addEventListener('fetch', (event) => {
  const { method, url, mode } = event.request;
  respond(event, fetchPlan({ method, url, mode }, self.location.origin, precached));
});

async function showNotice(notice: ShownNotice) {
  await self.registration.showNotification(notice.title, {
    body: notice.body,
    tag: notice.tag,
    icon: '/icons/icon-192.png',
    badge: '/icons/badge-96.png',
    data: { url: notice.url },
  });
}

self.addEventListener('push', (event) => {
  let payload: unknown = null;
  try {
    payload = event.data?.json() ?? null;
  } catch {
    // Not ours (not JSON): nothing to show.
  }
  const notice = noticeFromPush(payload, self.navigator.language);
  if (notice) event.waitUntil(showNotice(notice));
});

/** Focuses a tab of the app and opens `url` there, or opens a new one. */
async function openInApp(url: string) {
  const target = new URL(url, self.location.origin);
  if (target.origin !== self.location.origin) return;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const client = windows.find((each) => each.visibilityState === 'visible') ?? windows[0];
  if (client) {
    await client.focus();
    // The page navigates within the app (no reload): see lib/pwa/open-from-notice.ts.
    client.postMessage({ type: 'confab:open', url: `${target.pathname}${target.search}` });
    return;
  }
  await self.clients.openWindow(target.href);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data: unknown = event.notification.data;
  const url =
    typeof data === 'object' && data !== null && 'url' in data && typeof data.url === 'string'
      ? data.url
      : '/';
  event.waitUntil(openInApp(url));
});
