/**
 * A map whose entries expire at a time each carries: an expired entry is gone when read, and
 * expired entries are swept whenever the map grows past a few thousand keys, so memory stays
 * bounded however many keys are tried. The memory limiters keep their counts in one.
 */
export class ExpiringEntries<T> {
  private readonly entries = new Map<string, T>();

  constructor(
    private readonly expiresAt: (entry: T) => number,
    private readonly now: () => number,
  ) {}

  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (entry && this.expiresAt(entry) <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  set(key: string, entry: T): void {
    this.entries.set(key, entry);
    if (this.entries.size < 5000) return;
    const now = this.now();
    for (const [other, value] of this.entries)
      if (this.expiresAt(value) <= now) this.entries.delete(other);
  }

  delete(key: string): void {
    this.entries.delete(key);
  }
}
