import {
  isInputRequiredResult,
  ProtocolError,
  SdkError,
  SdkErrorCode,
  SdkHttpError,
  SseError,
  UnauthorizedError,
  type CallToolResult,
  type Client,
  type ClientContext,
  type ElicitRequestParams,
  type ElicitResult,
  type FetchLike,
  type OAuthClientProvider,
  type Tool,
} from '@modelcontextprotocol/client';
import type { McpTransport } from '@confab/protocol/mcp';
import { CallScope, openCallScope, type InputAsker } from './call-scope';
import { McpClient } from './client';
import { redactUrl, redactUrlsIn } from './redact-url';
import { openTransport, type OpenedTransport, type StderrTail } from './transports';

export type ConnectionStatus = 'connecting' | 'connected' | 'error' | 'closed';

/** The server is not connected (starting failed, it crashed, or it went away mid-call). */
export class McpUnavailableError extends Error {}
/** The tool did not answer in time; the call was cancelled. */
export class McpCallTimeoutError extends Error {}
/** The server answered the call with a protocol error (unknown tool, bad arguments, ...). */
export class McpServerError extends Error {
  /** The JSON-RPC error code the server answered with, when it did (-32002: no such resource). */
  constructor(
    message: string,
    readonly code: number | null = null,
  ) {
    super(message);
  }
}

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
  /**
   * A remote server kept connected is pinged this often while nothing is in flight (0 or
   * absent: never). A 2026-07-28 server is stateless: nothing else would show it went away
   * before a user's call failed.
   */
  healthCheckMs?: number;
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
  /** Who the server may ask for input during the call; without one, every question is cancelled. */
  asker?: InputAsker | null;
  /** The tool as this connection listed it. */
  tool?: Tool;
}

// A tool asking again after this many answers is refused rather than asked without end.
const maxInputRounds = 10;
/** The questions of one `input_required` result put to the user; the others are declined. */
const maxInputRequestsPerRound = 3;

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
  /**
   * The failure before the attempt now under way: a server tried again is shown with why it
   * failed, rather than as starting (most of a garbage server's time is its next attempt).
   * Cleared once it connects or is closed.
   */
  lastFailure: { error: string; output: string | null } | null = null;
  tools: Tool[] = [];
  /**
   * Prompts and resources, read on first use and kept until the server says they changed or
   * the connection is made again (keyed by what was listed).
   */
  readonly lists = new Map<'prompts' | 'resources', Promise<unknown>>();

  private client: Client | null = null;
  private live: OpenedTransport | null = null;
  /** Bumped whenever the current client is replaced or closed: stale callbacks compare it. */
  private generation = 0;
  private attempt = 0;
  private connectedAt = 0;
  private retryTimer: NodeJS.Timeout | null = null;
  private healthTimer: NodeJS.Timeout | null = null;
  private waiters: Array<() => void> = [];
  private restart: boolean;
  /** The calls in flight, to find the one a 2025-era server's question belongs to. */
  /**
   * Every request in flight: tool calls (with who may be asked) and other requests (prompts,
   * resources, lists), which count too though nobody can be asked during them.
   */
  private readonly inFlight = new Set<CallScope | object>();

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
    if (this.status === 'connected') this.scheduleHealthCheck(this.generation);
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
    const scope = openCallScope(options.asker ?? null, options.signal, options.timeoutMs);
    this.inFlight.add(scope);
    try {
      if (client.getProtocolEra() === 'modern')
        return await this.callAsking(client, name, args, scope);
      return await client.callTool(
        { name, arguments: args },
        { ...scope.requestOptions(), ...listedWithoutOutputSchema(options.tool) },
      );
    } catch (error) {
      if (scope.timedOut && !options.signal?.aborted) {
        throw new McpCallTimeoutError(
          `The tool did not answer within ${options.timeoutMs} ms; the call was cancelled`,
        );
      }
      throw this.classify(error, generation, options);
    } finally {
      scope.stop();
      this.inFlight.delete(scope);
    }
  }

  /**
   * A 2026-07-28 call: a result asking for input (`input_required`) is answered here, by the
   * user of this very call, and the call is made again with the answers (the SDK's automatic
   * fulfilment could not tell which of the calls in flight a question belongs to).
   */
  private async callAsking(
    client: Client,
    name: string,
    args: Record<string, unknown>,
    scope: CallScope,
  ): Promise<CallToolResult> {
    let params: Record<string, unknown> = { name, arguments: args };
    for (let round = 0; round < maxInputRounds; round += 1) {
      const result: unknown = await client.callTool(params as { name: string }, {
        ...scope.requestOptions(),
        allowInputRequired: true,
      });
      if (!isInputRequiredResult(result)) return result as CallToolResult;
      const responses: Record<string, ElicitResult> = {};
      for (const [index, [key, request]] of Object.entries(result.inputRequests ?? {}).entries()) {
        // Each question may wait minutes for the user; beyond a few, the rest are declined.
        responses[key] =
          index < maxInputRequestsPerRound
            ? await this.answerEmbedded(request, scope)
            : await this.declineExtra(scope);
      }
      params = {
        name,
        arguments: args,
        ...(Object.keys(responses).length > 0 && { inputResponses: responses }),
        ...(result.requestState !== undefined && { requestState: result.requestState }),
      };
    }
    throw new McpServerError(`The tool still asked for input after ${maxInputRounds} answers`);
  }

  private declineExtra(scope: CallScope): Promise<ElicitResult> {
    const refusal = `the tool asked more than ${maxInputRequestsPerRound} questions at once`;
    if (scope.asker) return scope.asker.refuse(refusal);
    this.options.log.warn({ server: this.key, refusal }, 'MCP input request declined');
    return Promise.resolve({ action: 'decline' });
  }

  /** One question inside an `input_required` result: only elicitation is answered. */
  private answerEmbedded(request: unknown, scope: CallScope): Promise<ElicitResult> {
    const { method, params } = (request ?? {}) as { method?: unknown; params?: unknown };
    const message = (params as { message?: unknown } | undefined)?.message;
    if (method !== 'elicitation/create' || typeof message !== 'string') {
      this.options.log.warn({ server: this.key, method }, 'MCP input request declined');
      return Promise.resolve({ action: 'decline' });
    }
    return this.askIn(scope, params as ElicitRequestParams, scope.signal);
  }

  /**
   * A 2025-era server asks for input during a call (`elicitation/create`). The connection is
   * shared by every user of this node and the request names no call, so it goes only to the
   * call it certainly belongs to: the only one in flight. Otherwise it is cancelled and logged;
   * one user's question never reaches another.
   */
  private async onInputRequest(
    params: ElicitRequestParams,
    ctx: ClientContext,
  ): Promise<ElicitResult> {
    const only = this.inFlight.size === 1 ? [...this.inFlight][0] : null;
    const scope = only instanceof CallScope ? only : null;
    if (!scope) {
      this.options.log.warn(
        { server: this.key, callsInFlight: this.inFlight.size },
        'MCP input request cancelled: it names no call and cannot be attributed',
      );
      return { action: 'cancel' };
    }
    return this.askIn(scope, params, AbortSignal.any([scope.signal, ctx.mcpReq.signal]));
  }

  private async askIn(
    scope: CallScope,
    params: ElicitRequestParams,
    signal: AbortSignal,
  ): Promise<ElicitResult> {
    if (!scope.asker) {
      this.options.log.warn(
        {
          server: this.key,
          callsInFlight: this.inFlight.size,
        },
        'MCP input request cancelled: the call has no tab to ask',
      );
      return { action: 'cancel' };
    }
    const resume = scope.pause();
    try {
      return await scope.asker.ask(params, signal);
    } finally {
      resume();
    }
  }

  /**
   * Runs one request on the connected client, its failures classified like a tool call's
   * (protocol refusal, time-out, a server gone away).
   */
  async request<T>(run: (client: Client) => Promise<T>, options: CallOptions): Promise<T> {
    const client = await this.ready();
    const generation = this.generation;
    const request = {};
    this.inFlight.add(request);
    try {
      return await run(client);
    } catch (error) {
      throw this.classify(error, generation, options);
    } finally {
      this.inFlight.delete(request);
    }
  }

  async close(): Promise<void> {
    this.generation += 1;
    this.setStatus('closed', null);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.stopHealthChecks();
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
      client = new McpClient(clientInfo, {
        // Questions during a call: forms and links the user confirms (docs/product.md#mcp-input).
        capabilities: { elicitation: { form: {}, url: {} } },
        // Both protocol eras: a 2026-07-28 server is found by `server/discover`, an older one
        // gets the 2025 `initialize` handshake. The legacy SSE transport predates discovery.
        versionNegotiation: {
          mode: this.options.transport.type === 'sse' ? 'legacy' : 'auto',
        },
        // Each call answers its own `input_required` results (callAsking).
        inputRequired: { autoFulfill: false },
        listMaxPages: maxListPages,
        listChanged: {
          tools: {
            onChanged: (error, tools) => {
              if (!error && tools && generation === this.generation) this.tools = tools;
            },
          },
          prompts: { autoRefresh: false, onChanged: () => this.lists.delete('prompts') },
          resources: { autoRefresh: false, onChanged: () => this.lists.delete('resources') },
        },
      });
      client.setRequestHandler('elicitation/create', (request, ctx) =>
        this.onInputRequest(request.params, ctx),
      );
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
      this.lists.clear();
      this.connectedAt = Date.now();
      this.setStatus('connected', null);
      this.options.log.info({ server: this.key, tools: tools.length }, 'MCP server connected');
      this.scheduleHealthCheck(generation);
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

  /**
   * Pings a remote server that is connected and idle, every `healthCheckMs`. A ping that goes
   * unanswered in the connect time, or fails below the protocol (the server went away), fails
   * the connection as a crash would: the settings show why and it is tried again. A server
   * that does not know `ping` answers with a protocol error, and is fine.
   */
  private scheduleHealthCheck(generation: number): void {
    const every = this.options.healthCheckMs ?? 0;
    if (!every || !this.restart || this.options.transport.type === 'stdio') return;
    this.stopHealthChecks();
    this.healthTimer = setTimeout(() => void this.healthCheck(generation), every);
    this.healthTimer.unref();
  }

  private async healthCheck(generation: number): Promise<void> {
    this.healthTimer = null;
    const client = this.client;
    if (generation !== this.generation || this.status !== 'connected' || !client) return;
    if (this.inFlight.size === 0) {
      const timeoutMs = this.options.connectTimeoutMs;
      try {
        await client.ping({ timeout: timeoutMs });
      } catch (error) {
        if (generation !== this.generation || this.status !== 'connected') return;
        if (error instanceof SdkError && error.code === SdkErrorCode.RequestTimeout) {
          this.drop(`The server did not answer a ping within ${timeoutMs} ms`);
          return;
        }
        this.classify(error, generation, { timeoutMs });
      }
    }
    if (generation === this.generation && this.status === 'connected') {
      this.scheduleHealthCheck(generation);
    }
  }

  private stopHealthChecks(): void {
    if (this.healthTimer) clearTimeout(this.healthTimer);
    this.healthTimer = null;
  }

  private fail(message: string, stderr: StderrTail | null = null): void {
    this.stopHealthChecks();
    this.client = null;
    this.setStatus('error', message.slice(0, maxErrorChars));
    this.output = stderr?.lines() || null;
    this.lastFailure = { error: this.error ?? message, output: this.output };
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
    // Already classified here (a tool that kept asking for input): the server itself is fine.
    if (error instanceof McpServerError) return error;
    if (error instanceof SdkError && error.code === SdkErrorCode.RequestTimeout) {
      return new McpCallTimeoutError(
        `The tool did not answer within ${options.timeoutMs} ms; the call was cancelled`,
      );
    }
    if (error instanceof SdkError && error.code === SdkErrorCode.ConnectionClosed) {
      return new McpUnavailableError('The server closed the connection during the call');
    }
    if (error instanceof ProtocolError) return new McpServerError(error.message, error.code);
    // The result broke the protocol or the tool's own output schema: the server is up.
    if (error instanceof SdkError && error.code === SdkErrorCode.InvalidResult) {
      return new McpServerError(error.message);
    }
    // Anything else failed below the protocol (an HTTP server that went away, an expired
    // session): start over with a fresh connection.
    const message = describe(error, this.options.transport);
    if (generation === this.generation && this.status === 'connected') this.drop(message);
    return new McpUnavailableError(message);
  }

  /** Lets the connected transport go and fails, as a crash would: it is tried again. */
  private drop(message: string): void {
    this.generation += 1;
    const live = this.live;
    this.live = null;
    void live?.transport.close().catch(() => {});
    this.fail(message);
  }

  private setStatus(status: ConnectionStatus, error: string | null): void {
    this.status = status;
    this.error = error;
    this.output = null;
    if (status === 'connected' || status === 'closed') this.lastFailure = null;
    if (status === 'connecting') return;
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }
}

/**
 * A 2025-era call to a tool that declares no output schema names the tool as listed, so the SDK
 * need not look it up in its copy of the list on every call (there is nothing to check the
 * result against either way). A tool with an output schema is left to that copy, where its
 * check is compiled once per list rather than once per call; and a 2026-07-28 call never names
 * it (the SDK would then not list the tools again when a server says its headers changed).
 */
function listedWithoutOutputSchema(tool: Tool | undefined): { toolDefinition?: Tool } {
  return tool && !tool.outputSchema ? { toolDefinition: tool } : {};
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

/**
 * "Invalid result for tools/list: [zod issues as JSON]" as a sentence an administrator reads:
 * which answer broke the protocol and where (at most three places).
 */
function invalidResult(message: string): string | null {
  const match = /^Invalid result for ([\w/]+): (\[[\s\S]*\])$/.exec(message);
  if (!match) return null;
  try {
    const issues = JSON.parse(match[2] ?? '[]') as Array<{ path?: unknown[]; message?: string }>;
    const places = issues
      .slice(0, 3)
      .map((issue) => `${(issue.path ?? []).join('.') || 'the result'}: ${issue.message ?? '?'}`);
    return `The server's answer to ${match[1]} is not valid MCP (${places.join('; ')})`;
  } catch {
    return null;
  }
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
  const invalid = invalidResult(error.message);
  if (invalid) return `${where}${invalid}`;
  if (error instanceof SdkError && error.code === SdkErrorCode.ListPaginationExceeded) {
    const method = (error.data as { method?: unknown } | undefined)?.method;
    const what = typeof method === 'string' ? method.split('/')[0] : 'items';
    return `${where}The server listed more than ${maxListPages} pages of ${what} without reaching the end; the list was refused`;
  }
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
