interface SocketActivity {
  /** What the tab last reported. */
  wanted: boolean;
  /** What the presence store holds for the tab (a tab connects active). */
  applied: boolean;
  appliedAt: number;
  timer: NodeJS.Timeout | null;
}

/** Most often one tab's active/away state is applied (a flapping tab waits for the window). */
export const activityEveryMs = 1_000;

/**
 * A tab's active/away reports (`onlineStatus`). Only a change is applied, and at most one per
 * `everyMs` per socket: a tab flapping between the two has its last report applied at the end
 * of the window. Repeating a state, or flapping, therefore costs no store write and reaches no
 * contact beyond one change a window.
 */
export class ActivityDebounce {
  private readonly sockets = new Map<string, SocketActivity>();

  constructor(
    private readonly apply: (userId: string, socketId: string, active: boolean) => Promise<void>,
    private readonly everyMs = activityEveryMs,
    private readonly now: () => number = Date.now,
  ) {}

  report(userId: string, socketId: string, active: boolean): Promise<void> {
    let socket = this.sockets.get(socketId);
    if (!socket) {
      socket = { wanted: true, applied: true, appliedAt: -Infinity, timer: null };
      this.sockets.set(socketId, socket);
    }
    socket.wanted = active;
    // A pending application takes the latest report when its window ends.
    if (socket.timer || socket.wanted === socket.applied) return Promise.resolve();
    const wait = socket.appliedAt + this.everyMs - this.now();
    if (wait <= 0) return this.flush(userId, socketId, socket);
    const pending = socket;
    socket.timer = setTimeout(() => {
      pending.timer = null;
      // The store logs its own failures; a late report has nobody to answer.
      this.flush(userId, socketId, pending).catch(() => {});
    }, wait);
    socket.timer.unref();
    return Promise.resolve();
  }

  /** The socket left: nothing of it is applied any more. */
  forget(socketId: string): void {
    const socket = this.sockets.get(socketId);
    if (socket?.timer) clearTimeout(socket.timer);
    this.sockets.delete(socketId);
  }

  close(): void {
    for (const socketId of [...this.sockets.keys()]) this.forget(socketId);
  }

  private flush(userId: string, socketId: string, socket: SocketActivity): Promise<void> {
    if (socket.wanted === socket.applied || this.sockets.get(socketId) !== socket) {
      return Promise.resolve();
    }
    socket.applied = socket.wanted;
    socket.appliedAt = this.now();
    return this.apply(userId, socketId, socket.applied);
  }
}
