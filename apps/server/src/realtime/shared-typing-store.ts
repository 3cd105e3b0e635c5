import type { RedisTyping } from '../lib/redis/typing-store';
import type { MemoryTypingStore, TypingEntry, TypingStore } from './typing-store';

interface SharedTypingOptions {
  shared: RedisTyping;
  /** Where indicators go while Redis does not answer (they reach this node's users only). */
  local: MemoryTypingStore;
  log: { warn(object: object, message: string): void };
  /** How often this node takes expired entries from Redis. */
  sweepMs?: number;
  now?: () => number;
}

/**
 * Typing indicators of a site of several nodes: kept in Redis, so that an indicator started
 * through one node can be stopped through another, and expiries are announced once. While
 * Redis does not answer, new indicators live in this node's memory and expire there; the
 * indicators are seconds long, so nothing needs carrying over when Redis returns.
 */
export class SharedTypingStore implements TypingStore {
  private readonly now: () => number;
  private readonly timer: NodeJS.Timeout;
  private listener: (entry: TypingEntry) => void = () => {};
  private failing = false;

  constructor(private readonly options: SharedTypingOptions) {
    this.now = options.now ?? Date.now;
    options.local.onExpire((entry) => this.listener(entry));
    this.timer = setInterval(() => void this.sweep(), options.sweepMs ?? 500);
    this.timer.unref();
  }

  async start(entry: TypingEntry): Promise<boolean> {
    try {
      const started = await this.options.shared.start(entry, this.now());
      this.failing = false;
      return started;
    } catch (error) {
      this.fail(error);
      return this.options.local.start(entry);
    }
  }

  async stop(chatId: string, userId: string): Promise<TypingEntry | null> {
    const here = await this.options.local.stop(chatId, userId);
    if (this.failing) return here;
    try {
      return (await this.options.shared.stop(chatId, userId)) ?? here;
    } catch (error) {
      this.fail(error);
      return here;
    }
  }

  async stopSocket(socketId: string): Promise<TypingEntry[]> {
    const here = await this.options.local.stopSocket(socketId);
    if (this.failing) return here;
    try {
      return [...here, ...(await this.options.shared.stopSocket(socketId))];
    } catch (error) {
      this.fail(error);
      return here;
    }
  }

  onExpire(listener: (entry: TypingEntry) => void): void {
    this.listener = listener;
  }

  close(): void {
    clearInterval(this.timer);
    this.options.local.close();
  }

  private async sweep(): Promise<void> {
    try {
      const expired = await this.options.shared.takeExpired(this.now());
      this.failing = false;
      for (const entry of expired) this.listener(entry);
    } catch (error) {
      this.fail(error);
    }
  }

  private fail(error: unknown): void {
    if (this.failing) return;
    this.failing = true;
    this.options.log.warn(
      { err: error },
      'typing indicators cannot be shared through Redis; keeping them on this node until it answers',
    );
  }
}
