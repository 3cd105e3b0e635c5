/** A notification as the page and the service worker show it (docs/product.md#notifications). */
export interface ShownNotice {
  title: string;
  body: string;
  /** One notification per chat (or per friend request): a newer one replaces it. */
  tag: string;
  /** The app's path opened by a click, e.g. `/socialChatRoom?chat=…`. */
  url: string;
}
