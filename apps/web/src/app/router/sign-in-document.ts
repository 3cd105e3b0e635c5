/**
 * The sign-in and registration pages are a page of their own (sign-in.html, src/sign-in-main.tsx,
 * without the router); the server answers a document request for their paths with it
 * (apps/server/src/plugins/web-app.ts), and the app's router turns a navigation to them into a
 * document load (root-loader.ts). Both read the paths through the protocol.
 */
export { signInPageAt, type SignInPage } from '@confab/protocol/sign-in-document';
