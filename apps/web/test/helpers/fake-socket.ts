/**
 * Stands in for socket.io-client in page tests: `vi.mock('socket.io-client', () =>
 * import('../helpers/fake-socket'))`. The page's code subscribes and connects as usual; a test
 * plays the server with `fakeSocket.receive(event, payload)`. The real socket is tested by the
 * server suite and end to end.
 */
type Listener = (...args: unknown[]) => void;

class FakeSocket {
  connected = false;
  /** Whether it is connected or trying to be (socket.io's `active`). */
  active = false;
  private readonly listeners = new Map<string, Set<Listener>>();
  /** The manager: the pages only subscribe to it. */
  readonly io = { on: () => undefined, off: () => undefined, engine: undefined };

  on(event: string, listener: Listener) {
    const set = this.listeners.get(event) ?? new Set();
    set.add(listener);
    this.listeners.set(event, set);
    return this;
  }

  off(event: string, listener: Listener) {
    this.listeners.get(event)?.delete(listener);
    return this;
  }

  /** What the page sent, in order. */
  readonly emitted: [string, ...unknown[]][] = [];

  emit(event: string, ...args: unknown[]) {
    this.emitted.push([event, ...args]);
    return this;
  }

  private readonly answers = new Map<string, (...args: unknown[]) => unknown>();

  /** How the server answers `event` sent with an acknowledgement; undefined: never (a timeout). */
  answer(event: string, reply: ((...args: unknown[]) => unknown) | undefined) {
    if (reply) this.answers.set(event, reply);
    else this.answers.delete(event);
  }

  timeout() {
    return {
      emitWithAck: (event: string, ...args: unknown[]) => {
        this.emitted.push([event, ...args]);
        const reply = this.answers.get(event);
        return reply
          ? Promise.resolve(reply(...args))
          : Promise.reject(new Error('operation has timed out'));
      },
    };
  }

  connect() {
    this.active = true;
    this.connected = true;
    this.fire('connect');
    return this;
  }

  /** Asked to connect, with no answer from the server yet. */
  startConnecting() {
    this.active = true;
    this.connected = false;
    return this;
  }

  /** The connection attempt failed (socket.io goes on trying in the background). */
  failToConnect() {
    this.fire('connect_error', new Error('xhr poll error'));
    return this;
  }

  disconnect() {
    this.active = false;
    this.connected = false;
    this.fire('disconnect', 'io client disconnect');
    return this;
  }

  /** The server sends `event` to this tab. */
  receive(event: string, ...args: unknown[]) {
    this.fire(event, ...args);
  }

  private fire(event: string, ...args: unknown[]) {
    for (const listener of [...(this.listeners.get(event) ?? [])]) listener(...args);
  }
}

export const fakeSocket = new FakeSocket();

export function io() {
  return fakeSocket;
}
