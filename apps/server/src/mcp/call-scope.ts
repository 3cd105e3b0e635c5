import type { ElicitRequestParams, ElicitResult } from '@modelcontextprotocol/client';

/** Puts a server's question to the user whose call it is, and waits for the answer. */
export interface InputAsker {
  ask(params: ElicitRequestParams, signal: AbortSignal): Promise<ElicitResult>;
  /** Declines a question without showing it; the user's tab is told why. */
  refuse(reason: string): Promise<ElicitResult>;
}

/** What each SDK request of a call is given: its signal and the time it may take. */
export interface CallRequestOptions {
  timeout: number;
  signal: AbortSignal;
}

/** One tool call in flight on a connection: who may be asked during it, and its deadline. */
export abstract class CallScope {
  /** The call's own deadline passed (rather than the SDK's timeout or the caller's signal). */
  timedOut = false;

  constructor(
    readonly asker: InputAsker | null,
    readonly signal: AbortSignal,
  ) {}

  /** The options of the call's next request to the server. */
  abstract requestOptions(): CallRequestOptions;

  /** Stops the deadline until the returned function is called (one per question). */
  abstract pause(): () => void;

  abstract stop(): void;
}

// The caller gave no signal: one that never aborts stands in.
const neverAborted = new AbortController().signal;

/**
 * The scope of a call: a deadline that stands still while the user answers when there is a
 * user to ask, a plain time-out otherwise (most calls: no tab, or the question is refused).
 */
export function openCallScope(
  asker: InputAsker | null,
  signal: AbortSignal | undefined,
  timeoutMs: number,
): CallScope {
  return asker
    ? new PausableCallScope(asker, signal, timeoutMs)
    : new PlainCallScope(signal ?? neverAborted, timeoutMs);
}

/**
 * A call nobody can be asked during: each request gets the time left before the deadline as
 * the SDK's own timeout and the caller's signal as it is, so the call adds no timer or abort
 * controller of its own.
 */
class PlainCallScope extends CallScope {
  private readonly deadline: number;

  constructor(signal: AbortSignal, timeoutMs: number) {
    super(null, signal);
    this.deadline = performance.now() + timeoutMs;
  }

  requestOptions(): CallRequestOptions {
    // Whole milliseconds: Node keeps one timer list per duration, and a call's first request
    // gets the full time-out like every other call (a fraction would make a list each time).
    return {
      timeout: Math.max(1, Math.ceil(this.deadline - performance.now())),
      signal: this.signal,
    };
  }

  pause(): () => void {
    // Nobody is asked, so nothing ever waits on an answer.
    return () => {};
  }

  stop(): void {}
}

// The SDK's own per-request timeout is replaced by the call's deadline, which pauses while the
// user answers a question: this only bounds a request the deadline somehow missed.
const sdkRequestTimeoutMs = 2 ** 31 - 1;

/**
 * A call whose user may be asked: its deadline stands still while the user is answering
 * (filling a form is not the tool being slow), so it keeps a timer and an abort of its own.
 */
class PausableCallScope extends CallScope {
  private remainingMs: number;
  private startedAt = 0;
  private timer: NodeJS.Timeout | null = null;
  private waiting = 0;
  private stopped = false;
  private readonly controller: AbortController;
  private readonly caller: AbortSignal | undefined;
  private readonly abort: () => void;

  constructor(asker: InputAsker, caller: AbortSignal | undefined, timeoutMs: number) {
    const controller = new AbortController();
    super(asker, controller.signal);
    this.controller = controller;
    this.caller = caller;
    this.abort = () => controller.abort();
    caller?.addEventListener('abort', this.abort, { once: true });
    if (caller?.aborted) controller.abort();
    this.remainingMs = timeoutMs;
    this.run();
  }

  requestOptions(): CallRequestOptions {
    return { timeout: sdkRequestTimeoutMs, signal: this.controller.signal };
  }

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
    this.caller?.removeEventListener('abort', this.abort);
  }

  private run(): void {
    this.startedAt = performance.now();
    this.timer = setTimeout(() => {
      this.timer = null;
      this.timedOut = true;
      this.abort();
    }, this.remainingMs);
  }

  private halt(): void {
    if (!this.timer) return;
    clearTimeout(this.timer);
    this.timer = null;
    this.remainingMs = Math.max(0, this.remainingMs - (performance.now() - this.startedAt));
  }
}
