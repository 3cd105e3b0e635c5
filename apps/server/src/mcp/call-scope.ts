import type { ElicitRequestParams, ElicitResult } from '@modelcontextprotocol/client';

/** Puts a server's question to the user whose call it is, and waits for the answer. */
export interface InputAsker {
  ask(params: ElicitRequestParams, signal: AbortSignal): Promise<ElicitResult>;
  /** Declines a question without showing it; the user's tab is told why. */
  refuse(reason: string): Promise<ElicitResult>;
}

/**
 * One tool call in flight on a connection: who may be asked during it, and its deadline, which
 * stands still while the user is answering (filling a form is not the tool being slow).
 */
export class CallScope {
  timedOut = false;
  private remainingMs: number;
  private startedAt = 0;
  private timer: NodeJS.Timeout | null = null;
  private waiting = 0;
  private stopped = false;

  constructor(
    readonly asker: InputAsker | null,
    readonly signal: AbortSignal,
    timeoutMs: number,
    private readonly onTimeout: () => void,
  ) {
    this.remainingMs = timeoutMs;
    this.run();
  }

  /** Stops the deadline until the returned function is called (one per question). */
  pause(): () => void {
    this.waiting += 1;
    if (this.waiting === 1) this.halt();
    let resumed = false;
    return () => {
      if (resumed) return;
      resumed = true;
      this.waiting -= 1;
      if (this.waiting === 0 && !this.stopped && !this.timedOut) this.run();
    };
  }

  stop(): void {
    this.stopped = true;
    this.halt();
  }

  private run(): void {
    this.startedAt = performance.now();
    this.timer = setTimeout(() => {
      this.timer = null;
      this.timedOut = true;
      this.onTimeout();
    }, this.remainingMs);
  }

  private halt(): void {
    if (!this.timer) return;
    clearTimeout(this.timer);
    this.timer = null;
    this.remainingMs = Math.max(0, this.remainingMs - (performance.now() - this.startedAt));
  }
}
