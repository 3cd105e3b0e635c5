/** A call waiting for its group: what it asked, and how to answer it. */
export interface Pending<I, O> {
  input: I;
  resolve: (output: O) => void;
  reject: (error: unknown) => void;
}

/**
 * Calls that arrive while a group is in flight wait and go together in the next group (at most
 * `maxGroup`), so under load one round trip serves many calls and groups grow with the load
 * instead of queueing round trips. One group at a time: groups run, and their calls are
 * answered, in the order the calls arrived. `runGroup` answers every call of its group.
 */
export function oneGroupInFlight<I, O>(
  runGroup: (group: Pending<I, O>[]) => Promise<void>,
  maxGroup: number,
): (input: I) => Promise<O> {
  const waiting: Pending<I, O>[] = [];
  let running = false;

  async function drain(): Promise<void> {
    running = true;
    while (waiting.length > 0) {
      // Let the event loop read what the sockets already hold before a group is taken.
      await new Promise((resolve) => setImmediate(resolve));
      const group = waiting.splice(0, maxGroup);
      if (group.length === 0) break;
      await runGroup(group).catch((error: unknown) => {
        for (const call of group) call.reject(error);
      });
    }
    running = false;
  }

  return (input) =>
    new Promise<O>((resolve, reject) => {
      waiting.push({ input, resolve, reject });
      if (!running) void drain();
    });
}
