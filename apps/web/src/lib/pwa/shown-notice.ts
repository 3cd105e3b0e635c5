/**
 * A notification as the page and the service worker show it, and as a Web Push carries it
 * (docs/product.md#notifications). Read without zod: the service worker stays small.
 */
export interface ShownNotice {
  title: string;
  body: string;
  /** One notification per chat (or per friend request): a newer one replaces it. */
  tag: string;
  /** The app's path opened by a click, e.g. `/socialChatRoom?chat=…`. */
  url: string;
}

export function readShownNotice(value: unknown): ShownNotice | null {
  if (typeof value !== 'object' || value === null) return null;
  const { title, body, tag, url } = value as Record<string, unknown>;
  if (typeof title !== 'string' || typeof body !== 'string') return null;
  if (typeof tag !== 'string' || typeof url !== 'string') return null;
  // A path of the app only: never another site (`//host` is one).
  if (!url.startsWith('/') || url.startsWith('//') || url.startsWith('/\\')) return null;
  return { title, body, tag, url };
}
