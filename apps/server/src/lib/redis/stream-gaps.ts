import type { Redis } from 'ioredis';

/**
 * Calls `onGap` when a reader of the stream `streamName`, on a connection duplicated from
 * `source`, finds that entries it had not read yet were trimmed.
 *
 * The cluster adapter reads the stream with XREAD from the last entry it read; the stream keeps
 * only its newest entries (MAXLEN), and XREAD silently goes on from the oldest one left. Redis
 * trims from the oldest entry, and counts every entry added (XINFO STREAM `entries-added`, Redis
 * 7): the trimmed ones are `entries-added` less `length`. The entries up to the reader's offset
 * are those added before it started (at `$`) and those it has read since. More trimmed than
 * that: some entry after the offset is gone. Checked just before each read, sent with it; a loss
 * between the check and the read counts at the next check. On Redis before 7 nothing is
 * reported.
 */
export function watchStreamGaps(source: Redis, streamName: string, onGap: () => void): void {
  const duplicate = source.duplicate.bind(source);
  source.duplicate = (override) => {
    const copy = duplicate(override);
    const xread = copy.xread.bind(copy) as (...args: unknown[]) => Promise<unknown>;
    /** Entries up to the reader's offset: added before it started, and read (or lost) since. */
    let upToOffset: number | undefined;
    (copy as unknown as { xread: typeof xread }).xread = async (...args: unknown[]) => {
      if (args[args.length - 2] !== streamName) return xread(...args);
      // Both commands go out together on this connection and Redis runs them in order: the
      // counts are those just before the read, without a round trip of their own (under load a
      // round trip waits for a turn of a busy event loop, and the reader fell behind the trim).
      const counting = streamCounts(copy, streamName).catch(() => undefined);
      const reading = xread(...args);
      reading.catch(() => {});
      const counts = await counting;
      if (args[args.length - 1] === '$') {
        upToOffset = counts?.added;
      } else if (counts && upToOffset !== undefined) {
        const trimmed = counts.added - counts.length;
        if (trimmed > upToOffset) {
          upToOffset = trimmed;
          onGap();
        }
      }
      const reply = await reading;
      if (upToOffset !== undefined) upToOffset += entriesIn(reply);
      return reply;
    };
    return copy;
  };
}

async function streamCounts(
  redis: Redis,
  streamName: string,
): Promise<{ added: number; length: number } | undefined> {
  let info: unknown[];
  try {
    info = (await redis.call('XINFO', 'STREAM', streamName)) as unknown[];
  } catch (error) {
    // Nothing was ever added (or all of it expired with the key).
    if (error instanceof Error && /no such key/i.test(error.message))
      return { added: 0, length: 0 };
    throw error;
  }
  const field = (name: string) => {
    const at = info.indexOf(name);
    return at === -1 ? undefined : Number(info[at + 1]);
  };
  const added = field('entries-added');
  const length = field('length');
  return added === undefined || length === undefined ? undefined : { added, length };
}

/** Entries of an XREAD reply of one stream: `[[stream, [[id, fields], ...]]]` or null. */
function entriesIn(reply: unknown): number {
  if (!Array.isArray(reply)) return 0;
  const [first] = reply as [unknown, unknown[]][];
  return Array.isArray(first?.[1]) ? first[1].length : 0;
}

/**
 * `run` at once, then at most once per `ms`: calls within a window are folded into one at its
 * end.
 */
export function throttled(run: () => void, ms: number): (() => void) & { cancel(): void } {
  let quietUntil = 0;
  let pending: ReturnType<typeof setTimeout> | undefined;
  const call = () => {
    const now = Date.now();
    if (now >= quietUntil) {
      quietUntil = now + ms;
      run();
    } else {
      pending ??= setTimeout(() => {
        pending = undefined;
        quietUntil = Date.now() + ms;
        run();
      }, quietUntil - now);
    }
  };
  return Object.assign(call, {
    cancel: () => {
      if (pending) clearTimeout(pending);
      pending = undefined;
    },
  });
}
