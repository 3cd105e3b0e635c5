/**
 * Keeps this device's AI history and the server's in step (docs/product.md#ai-history-sync):
 * pulls what changed elsewhere, pushes what changed here. It runs when it starts, after every
 * local change, when the server says the history changed (`aiHistoryChanged`), on every
 * (re)connection and when the browser comes back online; one run at a time, a request made
 * meanwhile runs once more after it. A failed run is tried again later, sooner or later.
 */
import type { AiHistoryMode } from '@confab/protocol/ai-history';
import { isApiError } from '@/lib/api-error';
import { getSocket } from '@/lib/realtime/socket-client';
import { chatDb, onLocalChange, type ChatDb, type RemoteChanges } from '../../stores/chat-db';
import { useHistorySyncStore } from '../../stores/history-sync-store';
import { writeHistoryMode } from './history-api';
import { pullHistory } from './pull';
import { pushOutbox } from './push';

const cursorKey = 'cursor';
const modeKey = 'mode';
/** Local changes close together leave in one push. */
const pushDelayMs = 150;
const retryDelaysMs = [1_000, 3_000, 10_000, 30_000, 60_000];

export type ShowRemote = (db: ChatDb, remote: RemoteChanges) => Promise<void>;

interface Sync {
  stop(): void;
  run(): void;
}

let current: Sync | null = null;

/** Starts syncing this page's AI history (once); `show` puts applied changes on screen. */
export function startHistorySync(show: ShowRemote): () => void {
  if (current) return () => {};
  let stopped = false;
  let running = false;
  let again = false;
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** This page's own cursor: another tab moving the stored one must not hide changes from it. */
  let cursor: number | null = null;

  const set = useHistorySyncStore.setState;

  async function once(db: ChatDb): Promise<void> {
    const storedMode = (await db.getMeta(modeKey)) as AiHistoryMode | undefined;
    if (cursor === null) {
      const stored = await db.getMeta(cursorKey);
      if (typeof stored !== 'number') {
        // This device's history from before it synced (or claimed when the account signed in)
        // goes to the server too.
        await db.enqueueAll();
        await db.setMeta(cursorKey, 0);
      }
      cursor = typeof stored === 'number' ? stored : 0;
    }
    const settings = await pullHistory(db, cursor, {
      applied: (remote) => show(db, remote),
      reached: async (revision) => {
        if (cursor !== null && revision <= cursor) return;
        cursor = revision;
        const stored = await db.getMeta(cursorKey);
        if (typeof stored !== 'number' || stored < revision) await db.setMeta(cursorKey, revision);
      },
    });
    if (settings.mode === 'device') {
      set({ mode: 'device', pending: false, full: null, error: null });
      if (storedMode !== 'device') await db.setMeta(modeKey, 'device');
      return;
    }
    if (storedMode === 'device') {
      // Syncing was turned on again (here or on another device): this device's history joins.
      await db.setMeta(modeKey, 'synced');
      await db.enqueueAll();
    }
    set({ mode: 'synced' });
    const pushed = await pushOutbox(db);
    await show(db, pushed.remote);
    set({ full: pushed.full, pending: pushed.full !== null, error: null });
  }

  async function loop(): Promise<void> {
    if (running) {
      again = true;
      return;
    }
    running = true;
    clearTimeout(timer);
    try {
      const db = await chatDb();
      do {
        again = false;
        if (stopped) return;
        await once(db);
      } while (again);
      failures = 0;
    } catch (error) {
      if (stopped) return;
      // Signed out elsewhere: the session guard takes the page away; nothing to retry.
      if (isApiError(error) && error.statusCode === 401) return;
      if (isApiError(error) && error.statusCode === 409) {
        set({ mode: 'device' });
        return;
      }
      set({ pending: true, error: error instanceof Error ? error.message : String(error) });
      const delay = retryDelaysMs[Math.min(failures, retryDelaysMs.length - 1)] ?? 60_000;
      failures += 1;
      timer = setTimeout(run, delay);
    } finally {
      running = false;
    }
  }

  function run(): void {
    void loop();
  }

  let pushTimer: ReturnType<typeof setTimeout> | undefined;
  const soon = () => {
    if (useHistorySyncStore.getState().mode === 'device') return;
    set({ pending: true });
    clearTimeout(pushTimer);
    pushTimer = setTimeout(run, pushDelayMs);
  };
  const socket = getSocket();
  const onChanged = ({ revision }: { revision: number }) => {
    if (cursor === null || revision > cursor) run();
  };
  const unsubscribe = onLocalChange(soon);
  socket.on('aiHistoryChanged', onChanged);
  socket.on('connect', run);
  socket.on('catchUp', run);
  window.addEventListener('online', run);
  run();

  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    clearTimeout(pushTimer);
    unsubscribe();
    socket.off('aiHistoryChanged', onChanged);
    socket.off('connect', run);
    socket.off('catchUp', run);
    window.removeEventListener('online', run);
    current = null;
  };
  current = { run, stop };
  return stop;
}

/**
 * Keeps the account's AI chats on its devices only (deleting them from the server), or syncs
 * them again (this device's history is sent up).
 */
export async function changeHistoryMode(mode: AiHistoryMode): Promise<void> {
  const settings = await writeHistoryMode(mode);
  const db = await chatDb();
  await db.setMeta(modeKey, settings.mode);
  if (settings.mode === 'synced') {
    await db.setMeta(cursorKey, 0);
    await db.enqueueAll();
  }
  useHistorySyncStore.setState({ mode: settings.mode, full: null });
  current?.run();
}
