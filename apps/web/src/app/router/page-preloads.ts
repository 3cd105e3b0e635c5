/**
 * The modules each signed-in page's first load waits for beyond what every page starts with
 * (index.html's own scripts): the app's layout, the account switch and the page's route module,
 * as routes.tsx and main.tsx load them. The build lists their files
 * (build/page-preload-plugin.ts), and the server names them in the page's `Link` header, so a
 * cold open fetches them beside the app's code instead of only once that code has run and its
 * router has asked. Module paths are from apps/web; the build
 * fails on one it does not find, and an end-to-end test checks that each page loads every file
 * it is sent. Plain paths, not lib/paths.ts: the build's config reads this file with Node,
 * which cannot load the protocol's TypeScript; a test checks them against lib/paths.ts.
 */
// Every signed-in page: the app's layout, and the switch of the browser's stores to the account,
// which the page's stores wait for (its chunk is asked for first thing by main.tsx, but only
// once the document's scripts have come and run).
const signedIn = ['src/app/layouts/app-layout.tsx', 'src/lib/account-storage/account-switch.ts'];

export const pagePreloads: Readonly<Record<string, readonly string[]>> = {
  '/agents/mindBox': [...signedIn, 'src/app/compositions/ai-chat-screen.tsx'],
  '/agents': [...signedIn, 'src/features/social-chat/routes/conversations-page.tsx'],
  '/socialChatRoom': [...signedIn, 'src/features/social-chat/routes/social-chat-room-page.tsx'],
  '/contacts': [...signedIn, 'src/features/contacts/routes/contacts-page.tsx'],
  '/contacts/Connect': [...signedIn, 'src/features/contacts/routes/connect-page.tsx'],
};
