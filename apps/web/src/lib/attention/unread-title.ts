const prefixPattern = /^\(\d+\+?\) /;

/** `title` with the unread count in front, "(3) Confab", or without any when there is none. */
export function titleWithUnread(title: string, unread: number): string {
  const bare = title.replace(prefixPattern, '');
  if (unread <= 0) return bare;
  return `(${unread > 99 ? '99+' : unread}) ${bare}`;
}

/**
 * Keeps the unread count in front of the document's title, whichever page set the title (each
 * renders its own <title>): a page changing it gets the count put back. Returns a function that
 * updates the count, and one that stops.
 */
export function followUnreadTitle(): { setUnread: (unread: number) => void; stop: () => void } {
  let unread = 0;
  const apply = () => {
    const next = titleWithUnread(document.title, unread);
    if (next !== document.title) document.title = next;
  };
  const observer = new MutationObserver(apply);
  observer.observe(document.head, { subtree: true, childList: true, characterData: true });
  return {
    setUnread(count) {
      unread = count;
      apply();
    },
    stop() {
      observer.disconnect();
      unread = 0;
      apply();
    },
  };
}
