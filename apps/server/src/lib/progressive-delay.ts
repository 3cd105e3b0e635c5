import type { AttemptLimiter } from './attempt-limiter';
import { ExpiringEntries } from './expiring-entries';

/**
 * Failures on one key (an account, whatever address they come from) are free up to
 * `freeFailures`; from then on each failure makes the next attempt wait, `firstDelayMs` after
 * the first and twice as long after each further one, never more than `maxDelayMs`. The count
 * is forgotten `windowMs` after the last failure. Unlike a lock, the wait stays short, so
 * failures by a stranger slow the owner's sign-in down but never keep the owner out.
 */
export interface DelaySettings {
  freeFailures: number;
  firstDelayMs: number;
  maxDelayMs: number;
  windowMs: number;
}

/** How long the next attempt waits after the `failures`-th failure, in milliseconds. */
export function delayAfter(failures: number, settings: DelaySettings): number {
  if (failures < settings.freeFailures) return 0;
  const doublings = Math.min(30, failures - settings.freeFailures);
  return Math.min(settings.maxDelayMs, settings.firstDelayMs * 2 ** doublings);
}

interface Entry {
  failures: number;
  waitUntil: number;
  forgetAt: number;
}

/** The progressive delay of one process (an AttemptLimiter, so it falls back like the others). */
export class MemoryDelayLimiter implements AttemptLimiter {
  private readonly entries: ExpiringEntries<Entry>;

  constructor(
    private readonly settings: DelaySettings,
    private readonly now: () => number = Date.now,
  ) {
    this.entries = new ExpiringEntries((entry) => entry.forgetAt, now);
  }

  retryAfter(key: string): Promise<number> {
    const entry = this.entries.get(key);
    const waitMs = entry ? entry.waitUntil - this.now() : 0;
    return Promise.resolve(waitMs > 0 ? Math.ceil(waitMs / 1000) : 0);
  }

  recordFailure(key: string): Promise<void> {
    const now = this.now();
    const failures = (this.entries.get(key)?.failures ?? 0) + 1;
    this.entries.set(key, {
      failures,
      waitUntil: now + delayAfter(failures, this.settings),
      forgetAt: now + this.settings.windowMs,
    });
    return Promise.resolve();
  }

  reset(key: string): Promise<void> {
    this.entries.delete(key);
    return Promise.resolve();
  }
}
