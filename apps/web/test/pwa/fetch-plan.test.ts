import { describe, expect, it } from 'vitest';
import { fetchPlan } from '@/lib/pwa/fetch-plan';
import { precachedFiles } from '@/lib/pwa/precache-files';

const origin = 'https://confab.example';
const precached = new Set(['/index.html', '/sign-in.html', '/assets/app-shell-1a2b.js']);
const get = (path: string, mode = 'cors') => ({ method: 'GET', url: `${origin}${path}`, mode });

describe('the service worker’s plan for a request', () => {
  it('never answers the API, the socket or the build id, whatever their method', () => {
    for (const path of [
      '/api/_auth/session',
      '/api/chat-social-msg/chats',
      '/api',
      '/socket.io/?EIO=4&transport=polling',
      '/builds/latest.json',
    ]) {
      expect(fetchPlan(get(path), origin, precached)).toEqual({ kind: 'network' });
      expect(fetchPlan(get(path, 'navigate'), origin, precached)).toEqual({ kind: 'network' });
    }
    expect(
      fetchPlan({ method: 'POST', url: `${origin}/index.html`, mode: 'cors' }, origin, precached),
    ).toEqual({ kind: 'network' });
  });

  it('answers the build’s files from its cache, and nothing of another origin', () => {
    expect(fetchPlan(get('/assets/app-shell-1a2b.js'), origin, precached)).toEqual({
      kind: 'precached',
      path: '/assets/app-shell-1a2b.js',
    });
    expect(fetchPlan(get('/assets/old-build-9z.js'), origin, precached)).toEqual({
      kind: 'network',
    });
    expect(
      fetchPlan(
        { method: 'GET', url: 'https://cdn.example/assets/app-shell-1a2b.js', mode: 'cors' },
        origin,
        precached,
      ),
    ).toEqual({ kind: 'network' });
  });

  it('falls back to the document of the page loaded: the sign-in pages have their own', () => {
    expect(fetchPlan(get('/socialChatRoom?chat=c1', 'navigate'), origin, precached)).toEqual({
      kind: 'page',
      fallback: '/index.html',
    });
    expect(fetchPlan(get('/public/login/', 'navigate'), origin, precached)).toEqual({
      kind: 'page',
      fallback: '/sign-in.html',
    });
  });

  it('keeps the build’s files but not its id, manifest, compressed forms or font fallbacks', () => {
    expect(
      precachedFiles([
        'index.html',
        'assets/app-shell-1a2b3c4d.js',
        'assets/app-shell-1a2b3c4d.js.br',
        'assets/app-shell-1a2b3c4d.js.gz',
        'assets/KaTeX_Main-Regular-B22Nviop.woff2',
        'assets/KaTeX_Main-Regular-C_e3VmS1.woff',
        'assets/KaTeX_Main-Regular-ypZvNtVU.ttf',
        // No WOFF2 of this one: the browser fetches the WOFF.
        'assets/KaTeX_Size3-Regular-CTq5MqoE.woff',
        'assets/KaTeX_Size3-Regular-DgpXs0kz.ttf',
        'icons/icon-192.png',
        'builds/latest.json',
        'builds/meta/abc.json',
        '.vite/manifest.json',
        'sw.js',
        'page-preloads.json',
      ]),
    ).toEqual([
      'assets/KaTeX_Main-Regular-B22Nviop.woff2',
      'assets/KaTeX_Size3-Regular-CTq5MqoE.woff',
      'assets/app-shell-1a2b3c4d.js',
      'icons/icon-192.png',
      'index.html',
    ]);
  });
});
