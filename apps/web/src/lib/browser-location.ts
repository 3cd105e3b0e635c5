/**
 * Full page loads, kept behind two functions so tests can observe them: jsdom implements
 * neither, and a real reload would end the test run.
 */
export function assignLocation(href: string): void {
  window.location.assign(href);
}

export function reloadPage(): void {
  window.location.reload();
}
