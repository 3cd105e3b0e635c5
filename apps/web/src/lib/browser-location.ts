/**
 * Full page loads, kept behind functions so tests can observe them: jsdom implements none of
 * them, and a real reload would end the test run.
 */
export function assignLocation(href: string): void {
  window.location.assign(href);
}

/** Loads `href` in place of the current page, which leaves the history. */
export function replaceLocation(href: string): void {
  window.location.replace(href);
}

export function reloadPage(): void {
  window.location.reload();
}
