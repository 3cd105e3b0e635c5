/**
 * Full page loads, kept behind these functions so tests can observe them: jsdom implements
 * neither, and a real reload would end the test run.
 */
export function assignLocation(href: string): void {
  window.location.assign(href);
}

/** A full load of `href` that takes the place of this page in the history. */
export function replaceLocation(href: string): void {
  window.location.replace(href);
}

export function reloadPage(): void {
  window.location.reload();
}
