// Chromium driven over its DevTools pipe with no domain enabled but the few commands a bench
// sends: a page as a user's browser runs it. A page driven by Playwright has DevTools' network
// agent on, which keeps a copy of every response body and decodes it as text when the body ends:
// a multi-megabyte stream costs the page a task of tens of milliseconds that no user's browser
// runs (seen in the traces as ResponseBodyLoader::DidFinishLoadingBody).
import { spawn, type ChildProcess } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';

interface Reply {
  id?: number;
  result?: unknown;
  error?: { message: string };
}

export interface PipePage {
  /** Runs `fn(arg)` in the page (awaited when it returns a promise) and returns its value. */
  evaluate<T, A>(fn: (arg: A) => T | Promise<T>, arg: A): Promise<Awaited<T>>;
  /** Runs a JavaScript expression in the page. */
  run(expression: string): Promise<unknown>;
  /** Polls `fn` in the page until it returns true. */
  waitFor(fn: () => boolean, timeoutMs?: number): Promise<void>;
  navigate(url: string): Promise<void>;
  /** Types text into the focused element, as an input method would. */
  insertText(text: string): Promise<void>;
  pressEnter(): Promise<void>;
}

export interface PipeBrowser {
  newPage(options: {
    width: number;
    height: number;
    /** Scripts run in every document before its own (each a whole expression). */
    initScripts: string[];
  }): Promise<PipePage>;
  close(): Promise<void>;
}

export async function launchPipeBrowser(
  executable: string,
  args: string[],
  profileDir: string,
): Promise<PipeBrowser> {
  const child: ChildProcess = spawn(
    executable,
    [...args, '--headless', '--remote-debugging-pipe', `--user-data-dir=${profileDir}`],
    { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] },
  );
  const input = child.stdio[3] as Writable;
  const output = child.stdio[4] as Readable;
  let nextId = 1;
  const waiting = new Map<number, { resolve(value: never): void; reject(error: Error): void }>();
  let buffered = '';
  output.setEncoding('utf8');
  output.on('data', (chunk: string) => {
    buffered += chunk;
    for (let end = buffered.indexOf('\0'); end >= 0; end = buffered.indexOf('\0')) {
      const reply = JSON.parse(buffered.slice(0, end)) as Reply;
      buffered = buffered.slice(end + 1);
      const request = reply.id === undefined ? undefined : waiting.get(reply.id);
      if (!request) continue;
      waiting.delete(reply.id!);
      if (reply.error) request.reject(new Error(reply.error.message));
      else request.resolve(reply.result as never);
    }
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exited.then(() => {
    for (const request of waiting.values()) request.reject(new Error('Chromium exited'));
  });

  const send = <T>(method: string, params: object = {}, sessionId?: string) =>
    new Promise<T>((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, { resolve, reject });
      input.write(`${JSON.stringify({ id, method, params, sessionId })}\0`);
    });

  return {
    async newPage({ width, height, initScripts }) {
      const { targetId } = await send<{ targetId: string }>('Target.createTarget', {
        url: 'about:blank',
      });
      const { sessionId } = await send<{ sessionId: string }>('Target.attachToTarget', {
        targetId,
        flatten: true,
      });
      const call = <T>(method: string, params: object = {}) => send<T>(method, params, sessionId);
      await call('Emulation.setDeviceMetricsOverride', {
        width,
        height,
        deviceScaleFactor: 1,
        mobile: false,
      });
      // The page agent runs the scripts below in each new document (it buffers no bodies).
      await call('Page.enable');
      for (const source of initScripts)
        await call('Page.addScriptToEvaluateOnNewDocument', { source });
      const evaluate = async <T>(expression: string): Promise<T> => {
        const reply = await call<{
          result: { value?: T };
          exceptionDetails?: { text: string; exception?: { description?: string } };
        }>('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true });
        if (reply.exceptionDetails)
          throw new Error(
            reply.exceptionDetails.exception?.description ?? reply.exceptionDetails.text,
          );
        return reply.result.value as T;
      };
      const page: PipePage = {
        evaluate: (fn, arg) => evaluate(`(${fn.toString()})(${JSON.stringify(arg)})`),
        run: (expression) => evaluate(expression),
        async waitFor(fn, timeoutMs = 60_000) {
          const until = Date.now() + timeoutMs;
          while (!(await evaluate<boolean>(`(${fn.toString()})()`))) {
            if (Date.now() > until) throw new Error(`timed out waiting for ${fn.toString()}`);
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
        },
        async navigate(url) {
          await call('Page.navigate', { url });
        },
        async insertText(text) {
          await call('Input.insertText', { text });
        },
        async pressEnter() {
          const key = { key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13 };
          await call('Input.dispatchKeyEvent', { type: 'keyDown', text: '\r', ...key });
          await call('Input.dispatchKeyEvent', { type: 'keyUp', ...key });
        },
      };
      return page;
    },
    async close() {
      await send('Browser.close').catch(() => undefined);
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      child.kill('SIGKILL');
    },
  };
}
