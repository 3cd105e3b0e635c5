/** One user typing in one chat, from one socket (tab). */
export interface TypingEntry {
  chatId: string;
  userId: string;
  username: string;
  socketId: string;
}

/**
 * A renewal is announced again at most this often: a tab that joined the chat meanwhile shows
 * the indicator within a second, and a client repeating `typing` cannot make the server relay
 * every repetition.
 */
export const typingRelayEveryMs = 1_000;

/**
 * Who is typing where. An entry lives `ttlMs` after its last `start` and then expires by itself
 * (the expiry listener announces it). The memory store serves one node; a shared store (Redis,
 * a sorted set by expiry swept by every node) implements the same calls.
 */
export interface TypingStore {
  /**
   * Starts or refreshes an entry; true when the start is to be announced: the user was not
   * typing in that chat, or its last announcement is `relayEveryMs` old. Every start, announced
   * or not, moves the expiry.
   */
  start(entry: TypingEntry): Promise<boolean>;
  /** Ends the user's entry in the chat; the entry, or null when there was none. */
  stop(chatId: string, userId: string): Promise<TypingEntry | null>;
  /** Ends every entry started from a socket (it disconnected). */
  stopSocket(socketId: string): Promise<TypingEntry[]>;
  /** Called with each entry that expired without a stop. */
  onExpire(listener: (entry: TypingEntry) => void): void;
  /** Cancels pending expiries (the server is closing). */
  close(): void;
}

interface LiveEntry {
  entry: TypingEntry;
  timer: NodeJS.Timeout;
  announcedAt: number;
}

export class MemoryTypingStore implements TypingStore {
  private readonly entries = new Map<string, LiveEntry>();
  private listener: (entry: TypingEntry) => void = () => {};

  constructor(
    private readonly ttlMs: number,
    private readonly relayEveryMs = typingRelayEveryMs,
    private readonly now: () => number = Date.now,
  ) {}

  start(entry: TypingEntry): Promise<boolean> {
    const key = keyOf(entry.chatId, entry.userId);
    const existing = this.entries.get(key);
    if (existing) clearTimeout(existing.timer);
    const timer = setTimeout(() => {
      this.entries.delete(key);
      this.listener(entry);
    }, this.ttlMs);
    // A typing indicator must not keep a closing process alive.
    timer.unref();
    const now = this.now();
    const announce = !existing || now - existing.announcedAt >= this.relayEveryMs;
    const announcedAt = announce ? now : existing.announcedAt;
    this.entries.set(key, { entry, timer, announcedAt });
    return Promise.resolve(announce);
  }

  stop(chatId: string, userId: string): Promise<TypingEntry | null> {
    return Promise.resolve(this.remove(keyOf(chatId, userId)));
  }

  stopSocket(socketId: string): Promise<TypingEntry[]> {
    const stopped: TypingEntry[] = [];
    for (const [key, { entry }] of this.entries) {
      if (entry.socketId === socketId) stopped.push(this.remove(key)!);
    }
    return Promise.resolve(stopped);
  }

  onExpire(listener: (entry: TypingEntry) => void): void {
    this.listener = listener;
  }

  close(): void {
    for (const { timer } of this.entries.values()) clearTimeout(timer);
    this.entries.clear();
  }

  private remove(key: string): TypingEntry | null {
    const found = this.entries.get(key);
    if (!found) return null;
    clearTimeout(found.timer);
    this.entries.delete(key);
    return found.entry;
  }
}

const keyOf = (chatId: string, userId: string) => `${chatId}\u0000${userId}`;
