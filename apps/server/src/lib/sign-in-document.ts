import { signInPageAt } from '@confab/protocol/sign-in-document';

/**
 * Whether a page request for `url` gets the sign-in document (the web app's sign-in.html) rather
 * than index.html: the sign-in and registration pages, read as the web app reads them
 * (@confab/protocol/sign-in-document).
 */
export function isSignInDocumentUrl(url: string): boolean {
  return signInPageAt(url) !== null;
}
