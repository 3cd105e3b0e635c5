import {
  Client,
  ProtocolError,
  SdkError,
  SdkErrorCode,
  SdkHttpError,
  SseError,
  UnauthorizedError,
  type CallToolResult,
  type FetchLike,
  type OAuthClientProvider,
  type Tool,
} from '@modelcontextprotocol/client';
import type { McpTransport } from '@confab/protocol/mcp';
import { redactUrl, redactUrlsIn } from './redact-url';
import { openTransport, type OpenedTransport, type StderrTail } from './transports';

export type ConnectionStatus = 'connecting' | 'connected' | 'error' | 'closed';

/** The server is not connected (starting failed, it crashed, or it went away mid-call). */
export class McpUnavailableError extends Error {}
/** The tool did not answer in time; the call was cancelled. */
export class McpCallTimeoutError extends Error {}
/** The server answered the call with a protocol error (unknown tool, bad arguments, ...). */
export class McpServerError extends Error {}

export interface ConnectionLogger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  debug(object: object, message: string): void;
}

export interface McpConnectionOptions {
  key: string;
  transport: McpTransport;
  /** fetch for remote transports (a guarded one for admin-added servers). */
  fetch?: FetchLike;
  /** A user's OAuth sign-in, for a server where each user connects their own account. */
  authProvider?: OAuthClientProvider;
  connectTimeoutMs: number;
  restartDelayMs: { min: number; max: number };
  /** False for a trial connection: a failure is reported, never retried. */
  restart: boolean;
  log: ConnectionLogger;
}

const clientInfo = { name: 'confab', version: '0.1.0' };
// A server that stayed up this long before it stopped starts its restart delays afresh.
const stableAfterMs = 30_000;
// A server listing more pages than this is refused rather than read without end.
const maxListPages = 50;
const maxErrorChars = 1000;

export interface CallOptions {
  timeoutMs: number;
  signal?: AbortSignal;
}

/**
 * One MCP server: connects with the official SDK client, keeps the tool list, restarts after a
 * crash or a failed start with growing delays, and never lets a failure escape as an unhandled
 * rejection (a broken server shows its error; the app keeps running).
 */
export class McpConnection {
  status: ConnectionStatus = 'connecting';
  /**
   * Why it is not connected, for administrators and the logs: what failed and the HTTP status,
   * never the remote server's body, and its URL without credentials or query.
   */
  error: string | null = null;
  /** A stdio server's last output when it failed: for administrators only (it may hold secrets). */
  output: string | null = null;
  tools: Tool[] = [];

  private client: Client | null = null;
  private live: OpenedTransport | null = null;
  /** Bumped whenever the current client is replaced or closed: stale callbacks compare it. */
  private generation = 0;
  private attempt = 0;
  private connectedAt = 0;
  private retryTimer: NodeJS.Timeout | null = null;
  private waiters: Array<() => void> = [];
  private restart: boolean;

  constructor(private readonly options: McpConnectionOptions) {
    this.restart = options.restart;
  }

  get key(): string {
    return this.options.key;
  }

  /** The stdio server's process id while it runs. */
  pid(): number | null {
    return this.live?.pid() ?? null;
  }

  /** A trial connection that is kept from now on restarts after failures like any other. */
  enableRestart(): void {
    this.restart = true;
  }

  start(): void {
    if (this.status === 'closed') return;
    void this.connect();
  }

  /** Resolves once the server is connected or has failed, or after `timeoutMs`. */
  whenSettled(timeoutMs: number): Promise<void> {
    if (this.status !== 'connecting') return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, timeoutMs);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.waiters.push(done);
    });
  }

  async callTool(
    name: string,
    args: Record<string, unknown>,
    options: CallOptions,
  ): Promise<CallToolResult> {
    const client = await this.ready();
    const generation = this.generation;
    try {
      return await client.callTool(
        { name, arguments: args },
        { timeout: options.timeoutMs, signal: options.signal },
      );
    } catch (error) {
      throw this.classify(error, generation, options);
    }
  }

  async close(): Promise<void> {
    this.generation += 1;
    this.setStatus('closed', null);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const live = this.live;
    this.client = null;
    this.live = null;
    await live?.transport.close().catch(() => {});
  }

  private async ready(): Promise<Client> {
    await this.whenSettled(this.options.connectTimeoutMs);
    if (this.status === 'connected' && this.client) return this.client;
    if (this.status === 'connecting') throw new McpUnavailableError('The server is still starting');
    throw new McpUnavailableError(this.error ?? 'The server is not connected');
  }

  private async connect(): Promise<void> {
    this.generation += 1;
    const generation = this.generation;
    this.setStatus('connecting', null);
    let opened: OpenedTransport | null = null;
    let client: Client | null = null;
    try {
      opened = openTransport(this.options.transport, {
        fetch: this.options.fetch,
        authProvider: this.options.authProvider,
      });
      this.live = opened;
      const thisTransport = opened;
      client = new Client(clientInfo, {
        capabilities: {},
        // Both protocol eras: a 2026-07-28 server is found by `server/discover`, an older one
        // gets the 2025 `initialize` handshake. The legacy SSE transport predates discovery.
        versionNegotiation: {
          mode: this.options.transport.type === 'sse' ? 'legacy' : 'auto',
        },
        listMaxPages: maxListPages,
        listChanged: {
          tools: {
            onChanged: (error, tools) => {
              if (!error && tools && generation === this.generation) this.tools = tools;
            },
          },
        },
      });
      // The error itself may quote the remote body or the URL: its summary is logged.
      client.onerror = (error) =>
        this.options.log.debug(
          { server: this.key, error: describe(error, this.options.transport) },
          'MCP transport error',
        );
      client.onclose = () => this.onClosed(generation, thisTransport.stderr);
      const connecting = client;
      const tools = await withTimeout(
        (async () => {
          await connecting.connect(thisTransport.transport, {
            timeout: this.options.connectTimeoutMs,
          });
          return listTools(connecting, this.options.connectTimeoutMs);
        })(),
        this.options.connectTimeoutMs,
        `The server did not complete the MCP handshake within ${this.options.connectTimeoutMs} ms`,
      );
      if (generation !== this.generation) {
        await client.close().catch(() => {});
        return;
      }
      this.client = client;
      this.tools = tools;
      this.connectedAt = Date.now();
      this.setStatus('connected', null);
      this.options.log.info({ server: this.key, tools: tools.length }, 'MCP server connected');
    } catch (error) {
      if (generation !== this.generation) return;
      // Closing the half-open client below must not be taken for a crash.
      this.generation += 1;
      const stderr = opened?.stderr ?? null;
      await client?.close().catch(() => {});
      await opened?.transport.close().catch(() => {});
      this.fail(describe(error, this.options.transport), stderr);
    }
  }

  /** The transport closed: a crash when it was connected and nobody asked it to stop. */
  private onClosed(generation: number, stderr: StderrTail | null): void {
    if (generation !== this.generation || this.status !== 'connected') return;
    this.generation += 1;
    this.client = null;
    this.live = null;
    if (Date.now() - this.connectedAt > stableAfterMs) this.attempt = 0;
    const what =
      this.options.transport.type === 'stdio'
        ? 'The server process stopped'
        : 'The server closed the connection';
    this.fail(what, stderr);
  }

  private fail(message: string, stderr: StderrTail | null = null): void {
    this.client = null;
    this.setStatus('error', message.slice(0, maxErrorChars));
    this.output = stderr?.lines() || null;
    if (!this.restart) return;
    const { min, max } = this.options.restartDelayMs;
    const delay = Math.min(max, min * 2 ** this.attempt);
    this.attempt += 1;
    this.options.log.warn(
      { server: this.key, error: message, retryInMs: delay },
      'MCP server unavailable',
    );
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.start();
    }, delay);
    this.retryTimer.unref();
  }

  private classify(error: unknown, generation: number, options: CallOptions): Error {
    if (options.signal?.aborted) return error instanceof Error ? error : new Error(String(error));
    if (error instanceof SdkError && error.code === SdkErrorCode.RequestTimeout) {
      return new McpCallTimeoutError(
        `The tool did not answer within ${options.timeoutMs} ms; the call was cancelled`,
      );
    }
    if (error instanceof SdkError && error.code === SdkErrorCode.ConnectionClosed) {
      return new McpUnavailableError('The server closed the connection during the call');
    }
    if (error instanceof ProtocolError) return new McpServerError(error.message);
    // The result broke the protocol or the tool's own output schema: the server is up.
    if (error instanceof SdkError && error.code === SdkErrorCode.InvalidResult) {
      return new McpServerError(error.message);
    }
    // Anything else failed below the protocol (an HTTP server that went away, an expired
    // session): start over with a fresh connection.
    const message = describe(error, this.options.transport);
    if (generation === this.generation && this.status === 'connected') {
      this.generation += 1;
      const live = this.live;
      this.live = null;
      void live?.transport.close().catch(() => {});
      this.fail(message);
    }
    return new McpUnavailableError(message);
  }

  private setStatus(status: ConnectionStatus, error: string | null): void {
    this.status = status;
    this.error = error;
    this.output = null;
    if (status === 'connecting') return;
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }
}

/** Every page of the server's tools (the client walks them, at most `maxListPages`). */
async function listTools(client: Client, timeoutMs: number): Promise<Tool[]> {
  if (!client.getServerCapabilities()?.tools) return [];
  const result = await client.listTools(undefined, { timeout: timeoutMs });
  return result.tools;
}

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The HTTP status a remote server answered with, when the failure was one. */
function httpStatusOf(error: Error): number | null {
  if (error instanceof UnauthorizedError) return 401;
  if (error instanceof SdkHttpError) return error.status >= 100 ? error.status : null;
  if (error instanceof SseError) {
    return typeof error.code === 'number' && error.code >= 100 ? error.code : null;
  }
  // The SSE transport's POST errors: "Error POSTing to endpoint (HTTP 401): <body>".
  const match = /\(HTTP (\d{3})\)/.exec(error.message);
  return match ? Number(match[1]) : null;
}

/**
 * A readable reason, with the cause of a network failure ("fetch failed" says nothing). An
 * HTTP failure is its status only: the body is the remote server's and may echo secrets.
 */
function describe(error: unknown, transport: McpTransport): string {
  if (!(error instanceof Error)) return redactUrlsIn(String(error));
  const code = (error as NodeJS.ErrnoException).code;
  if (transport.type === 'stdio' && code === 'ENOENT') {
    return `Command not found: ${transport.command}`;
  }
  const where = transport.type === 'stdio' ? '' : `${redactUrl(transport.url)}: `;
  const status = httpStatusOf(error);
  if (status) return `${where}HTTP ${status}`;
  let message = error.message;
  // The reason a connection failed sits at the bottom of the chain ("Version negotiation probe
  // failed" ← "fetch failed" ← "connect ECONNREFUSED ...").
  let cause = error.cause;
  for (let depth = 0; depth < 4 && cause instanceof Error; depth += 1) {
    if (cause.message && !message.includes(cause.message))
      message = `${message} (${cause.message})`;
    cause = cause.cause;
  }
  return `${where}${redactUrlsIn(message)}`;
}
