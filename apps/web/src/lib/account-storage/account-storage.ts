/**
 * The page's side of account storage (docs/product.md#account-storage): the stores of
 * `account-databases.ts` are read only once they are the signed-in account's. The root layout
 * names the session's user (`declareAccount`); the stores wait for `accountStorageReady()`,
 * which answers true once the switch to that account is done, false when IndexedDB failed
 * (the stores then keep this page's data in memory, and nothing of another account is read).
 * Signed out, the stores are emptied and stay waiting: no page reads them without an account.
 */
import { createStore } from 'zustand/vanilla';
import { reloadPage } from '../browser-location';
import type { UnclaimedAnswer } from './account-switch';

export type { UnclaimedAnswer } from './account-switch';

export interface AccountStorageState {
  /** Set while the account is asked whether data found on this browser is theirs. */
  answerUnclaimed: ((answer: UnclaimedAnswer) => void) | null;
  /** Signing out: the page is on its way to a full load and shows nothing of the account. */
  leaving: boolean;
}

export const accountStorageStore = createStore<AccountStorageState>()(() => ({
  answerUnclaimed: null,
  leaving: false,
}));

const lockName = 'confab:account-storage';
const channelName = 'confab:account-storage';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

let ready = deferred<boolean>();
/** The account this page's stores serve, once the switch ended; undefined before. */
let settledFor: string | undefined;
let startedFor: string | undefined;
let queue: Promise<unknown> = Promise.resolve();
let channel: BroadcastChannel | null = null;

function ask(): Promise<UnclaimedAnswer> {
  return new Promise((resolve) => {
    accountStorageStore.setState({
      answerUnclaimed: (answer) => {
        accountStorageStore.setState({ answerUnclaimed: null });
        resolve(answer);
      },
    });
  });
}

/** One switch at a time in this page, and across tabs where the browser has Web Locks. */
function exclusively(work: () => Promise<void>): Promise<void> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request(lockName, work) : work();
}

function openChannel(): void {
  if (channel || typeof BroadcastChannel === 'undefined') return;
  channel = new BroadcastChannel(channelName);
  // Another tab moved the stores to another account: this page's copies are no longer theirs.
  channel.onmessage = (event: MessageEvent<{ owner: string | null }>) => {
    if (settledFor !== undefined && event.data.owner !== settledFor) reloadPage();
  };
}

/**
 * Starts loading the switch while the session is still being read: asked for once the session
 * was known, its chunk added one more round trip before a signed-in page could show (about half
 * a second over a slow link). It stays a chunk of its own, out of the entry.
 */
export function preloadAccountSwitch(): void {
  void import('./account-switch').catch(() => undefined);
}

function switchTo(target: string | null): Promise<boolean> {
  openChannel();
  const run = queue
    .then(() => {
      if (typeof indexedDB === 'undefined') throw new Error('No IndexedDB');
      return exclusively(async () => {
        // Loaded here, so the first page of every visit does not carry the switch.
        const { switchAccountStorage } = await import('./account-switch');
        // Tabs serving another account load anew before their stores change under them.
        channel?.postMessage({ owner: target });
        await switchAccountStorage(target, ask);
      });
    })
    .then(
      () => {
        channel?.postMessage({ owner: target });
        return true;
      },
      (error: unknown) => {
        if (typeof indexedDB !== 'undefined') {
          console.warn('The account stores could not be switched; this page keeps memory.', error);
        }
        return false;
      },
    );
  queue = run;
  return run;
}

/**
 * Names the session's user (null: signed out) once it is known. Answers `reload` when this page
 * already serves another account: its memory holds that account's data, so it must load anew.
 */
export function declareAccount(userId: string | null): 'current' | 'reload' {
  if (accountStorageStore.getState().leaving) return 'current';
  const serving = settledFor ?? startedFor;
  if (serving !== undefined) return serving === userId ? 'current' : 'reload';
  if (userId === null) {
    void switchTo(null);
    return 'current';
  }
  startedFor = userId;
  void switchTo(userId).then((ok) => {
    settledFor = userId;
    ready.resolve(ok);
  });
  return 'current';
}

/** The account this page's stores serve, once known (what other tabs' messages are checked by). */
export function accountStorageOwner(): string | undefined {
  return settledFor;
}

/** Resolves once the stores are the signed-in account's: true to use IndexedDB, false memory. */
export function accountStorageReady(): Promise<boolean> {
  return ready.promise;
}

/**
 * At sign-out: the account's data is set aside and the stores emptied. The caller loads a page
 * afresh once this resolves; until then the session's end does not reload this page.
 */
export async function parkAccountStorage(): Promise<void> {
  accountStorageStore.setState({ leaving: true });
  await switchTo(null);
}

/** For tests: forget this page's account, as a reload would (IndexedDB stays). */
export function resetAccountStorageForTests(): void {
  channel?.close();
  channel = null;
  // What still waits belongs to the page that went away: it keeps to memory.
  ready.resolve(false);
  ready = deferred<boolean>();
  settledFor = undefined;
  startedFor = undefined;
  queue = Promise.resolve();
  accountStorageStore.setState({ answerUnclaimed: null, leaving: false });
}
