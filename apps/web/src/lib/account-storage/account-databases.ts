/**
 * The browser stores that belong to the signed-in account (docs/product.md#browser-storage),
 * listed once: the features open them under these names, and the account switch
 * (`account-switch.ts`) sets them aside and brings them back whole, whatever they hold.
 * Colour mode and language are the browser's, not an account's: they stay in localStorage.
 */
export const accountDatabases = {
  /** The stored settings: store `keyval`, key `settings`. */
  settings: 'keyval-store',
  /** The AI chats: stores `aiChats` and `chatByAiMessages`. */
  aiChats: 'confab-ai',
  /** The social outbox: store `messages`. */
  outbox: 'confab-outbox',
  /** The last chat list read from the server, for a page loaded offline: store `chats`. */
  chatList: 'confab-chat-list',
} as const;

export const accountDatabaseNames: readonly string[] = Object.values(accountDatabases);

/** Where the switch records whose data the stores above hold (docs/product.md#account-storage). */
export const ownerDatabase = { name: 'confab-accounts', store: 'state' } as const;

/** The owner key of data stored before stores had an owner, until an account claims it. */
export const unclaimedOwner = 'unclaimed';

/** The database that keeps `name`'s data of `owner` while another account is signed in. */
export function parkedDatabaseName(name: string, owner: string): string {
  return `${name}@${owner}`;
}
