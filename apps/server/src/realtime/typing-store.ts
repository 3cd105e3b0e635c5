/** One user typing in one chat, from one socket (tab). */
export interface TypingEntry {
  chatId: string;
  userId: string;
  username: string;
  socketId: string;
}

/**
 * Who is typing where. An entry lives `ttlMs` after its last `start` and then expires by itself
 * (the expiry listener announces it). The memory store serves one node; a shared store (Redis,
 * a sorted set by expiry swept by every node) implements the same calls.
 */
export interface TypingStore {
  /** Starts or refreshes an entry; true when the user was not typing in that chat before. */
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

export class MemoryTypingStore implements TypingStore {
  private readonly entries = new Map<string, { entry: TypingEntry; timer: NodeJS.Timeout }>();
  private listener: (entry: TypingEntry) => void = () => {};

  constructor(private readonly ttlMs: number) {}

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
    this.entries.set(key, { entry, timer });
    return Promise.resolve(!existing);
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
