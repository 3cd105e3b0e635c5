/**
 * The test provider: a plain Node HTTP server speaking the wire formats the app calls, replaying
 * recorded streams (see scenario.ts for how a request picks what it gets).
 *   POST [/v1]/chat/completions   OpenAI and DeepSeek, SSE (or JSON with `stream: false`)
 *   GET  [/v1]/models             model list (`data[].id`)
 *   POST /api/chat                Ollama, NDJSON (or one JSON with `stream: false`)
 *   GET  /api/tags                Ollama model list (`models[].name`)
 *   POST /api/show                Ollama model details (`capabilities`)
 * CORS is answered as the hosted APIs do (any origin, preflights included).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { recording, ssePayload, type Recording } from './recordings';
import { parseScenario, splitScenarioPath, type Scenario } from './scenario';
import { scriptedReply } from './tool-script';

export interface RecordedRequest {
  method: string;
  /** The path without the scenario prefix. */
  path: string;
  scenario: string;
  tag?: string;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

export interface ProviderServer {
  /** `http://127.0.0.1:PORT` */
  url: string;
  port: number;
  requests: RecordedRequest[];
  /** The base URL of a scenario, e.g. base('deepseek-reasoning,drip:10', '/v1'). */
  base(scenario: string, suffix?: string): string;
  /** Lets the streams of `hold:N` with this tag ('' for none) go on, now and from now on. */
  release(tag?: string): void;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function cors(request: IncomingMessage, response: ServerResponse, scenario: Scenario): void {
  if (scenario.noCors) return;
  response.setHeader('Access-Control-Allow-Origin', '*');
  response.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
  response.setHeader(
    'Access-Control-Allow-Headers',
    request.headers['access-control-request-headers'] ?? 'authorization, content-type',
  );
  response.setHeader('Access-Control-Max-Age', '600');
  response.setHeader('Access-Control-Expose-Headers', 'x-request-id');
}

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function hasToolMessage(body: unknown): boolean {
  const messages = (body as { messages?: Array<{ role?: string }> } | undefined)?.messages;
  return Array.isArray(messages) && messages.some((m) => m.role === 'tool');
}

function errorBody(scenario: Scenario, status: number, ollama: boolean): string | undefined {
  const message = scenario.message ?? `Test provider answered ${status}`;
  switch (scenario.body) {
    case 'none':
      return undefined;
    case 'html':
      return `<!DOCTYPE html><html><head><title>${status}</title></head><body><h1>${status}</h1></body></html>`;
    case 'text':
      return message;
    case 'json':
      return ollama
        ? JSON.stringify({ error: message })
        : JSON.stringify({ error: { message, type: 'test_error', param: null, code: null } });
  }
}

/** Writes `text`, honouring chunk size, split multi-byte characters and the cut. */
class BodyWriter {
  private events = 0;
  constructor(
    private readonly response: ServerResponse,
    private readonly scenario: Scenario,
    private readonly gates: Gates,
  ) {}

  get cut(): boolean {
    return this.response.destroyed;
  }

  async event(text: string): Promise<void> {
    if (this.cut) return;
    if (this.scenario.cut !== undefined && this.events >= this.scenario.cut) {
      // Mid-body, without the chunked terminator: the client sees the connection drop after
      // everything before the cut has reached it.
      const socket = this.response.socket;
      for (let i = 0; i < 50 && socket?.writableLength; i += 1) await sleep(5);
      await sleep(20);
      socket?.destroy();
      return;
    }
    if (this.events === this.scenario.hold) await this.gates.wait(this.scenario.tag ?? '');
    if (this.cut) return;
    this.events += 1;
    await this.write(Buffer.from(text, 'utf8'));
    if (this.scenario.drip) await sleep(this.scenario.drip);
  }

  private async write(bytes: Buffer): Promise<void> {
    const pieces: Buffer[] = [];
    if (this.scenario.splitUtf8) {
      // Cut inside every multi-byte character: the first byte ends one write, the rest
      // starts the next.
      let start = 0;
      for (let i = 0; i < bytes.length; i += 1) {
        const byte = bytes[i]!;
        if (byte >= 0xc0) {
          pieces.push(bytes.subarray(start, i + 1));
          start = i + 1;
        }
      }
      pieces.push(bytes.subarray(start));
    } else if (this.scenario.chunk) {
      for (let i = 0; i < bytes.length; i += this.scenario.chunk)
        pieces.push(bytes.subarray(i, i + this.scenario.chunk));
    } else {
      pieces.push(bytes);
    }
    for (const piece of pieces) {
      if (!piece.length || this.cut) continue;
      const flushed = this.response.write(piece);
      // Separate writes must reach the client as separate reads to test the client's joining.
      if (this.scenario.splitUtf8 && pieces.length > 1) await sleep(1);
      else if (pieces.length > 1) await new Promise((r) => setImmediate(r));
      else if (!flushed) await new Promise((r) => this.response.once('drain', r));
    }
  }
}

/** The tags `release` was called with, and the held streams waiting for theirs. */
class Gates {
  private readonly released = new Set<string>();
  private readonly waiting = new Map<string, Array<() => void>>();

  wait(tag: string): Promise<void> {
    if (this.released.has(tag)) return Promise.resolve();
    return new Promise((resolve) => {
      this.waiting.set(tag, [...(this.waiting.get(tag) ?? []), resolve]);
    });
  }

  release(tag: string): void {
    this.released.add(tag);
    for (const resolve of this.waiting.get(tag) ?? []) resolve();
    this.waiting.delete(tag);
  }

  releaseAll(): void {
    for (const tag of [...this.waiting.keys()]) this.release(tag);
  }
}

function sseEvent(block: string, scenario: Scenario): string {
  let text = '';
  if (scenario.comments) text += ': keep-alive\n\n';
  if (scenario.eventLines && !block.startsWith(':') && !block.startsWith('event:'))
    text += 'event: message\n';
  return `${text}${block}\n\n`;
}

/** A fast synthetic stream of `count` tokens in the given wire format. */
function* syntheticEvents(count: number, wire: 'sse' | 'ndjson'): Generator<string> {
  const words = ['alpha ', 'beta ', 'gamma ', 'delta ', '**bold** ', '`code` ', '\n\n'];
  for (let i = 0; i < count; i += 1) {
    const word = words[i % words.length]!;
    const token = i === count - 1 ? `END-${count}` : word;
    yield wire === 'sse'
      ? `data: ${JSON.stringify({ id: 'synthetic', object: 'chat.completion.chunk', created: 0, model: 'synthetic', choices: [{ index: 0, delta: { content: token }, finish_reason: null }] })}`
      : JSON.stringify({
          model: 'synthetic',
          created_at: '2025-01-01T00:00:00Z',
          message: { role: 'assistant', content: token },
          done: false,
        });
  }
  yield wire === 'sse'
    ? `data: ${JSON.stringify({ id: 'synthetic', object: 'chat.completion.chunk', created: 0, model: 'synthetic', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }], usage: { prompt_tokens: 10, completion_tokens: count, total_tokens: count + 10 } })}`
    : JSON.stringify({
        model: 'synthetic',
        created_at: '2025-01-01T00:00:00Z',
        message: { role: 'assistant', content: '' },
        done: true,
        done_reason: 'stop',
        prompt_eval_count: 10,
        eval_count: count,
      });
}

function pickRecording(scenario: Scenario, ollama: boolean, body: unknown): Recording {
  if (scenario.name === 'openai-tools' || scenario.name === 'deepseek-tools') {
    if (ollama) throw new Error(`Scenario ${scenario.name} is not in this endpoint's wire format`);
    return scriptedReply(scenario, body);
  }
  const loop = /^(openai|deepseek|ollama)-tool-loop$/.exec(scenario.name);
  let name = scenario.name;
  if (loop) {
    const after = hasToolMessage(body);
    name = {
      openai: after ? 'openai-text' : 'openai-tool-call',
      deepseek: after ? 'deepseek-reasoning' : 'deepseek-tool-call',
      ollama: after ? 'ollama-after-tool' : 'ollama-tool-call',
    }[loop[1] as 'openai' | 'deepseek' | 'ollama'];
  }
  const found = recording(name);
  if (!found) throw new Error(`Unknown scenario ${scenario.name}`);
  if ((found.wire === 'ndjson') !== ollama)
    throw new Error(`Scenario ${scenario.name} is not in this endpoint's wire format`);
  return found;
}

/** Folds a recorded SSE stream into the single Chat Completions reply of `stream: false`. */
function chatCompletionFrom(rec: Recording): unknown {
  let content = '';
  let reasoning = '';
  // `reasoning_content` (DeepSeek, vLLM) or `reasoning` (OpenRouter), as the recording names it.
  let reasoningKey = 'reasoning_content';
  let finish: unknown = 'stop';
  let usage: unknown;
  let meta: Record<string, unknown> = {};
  const toolCalls: Array<{
    id?: string;
    type: 'function';
    function: { name: string; arguments: string };
  }> = [];
  for (const block of rec.events) {
    const chunk = ssePayload(block) as
      | {
          choices?: Array<{ delta?: Record<string, unknown>; finish_reason?: unknown }>;
          usage?: unknown;
          error?: unknown;
        }
      | undefined;
    if (!chunk || chunk.error) continue;
    meta = {
      id: (chunk as { id?: unknown }).id,
      model: (chunk as { model?: unknown }).model,
      created: (chunk as { created?: unknown }).created,
    };
    if (chunk.usage) usage = chunk.usage;
    const choice = chunk.choices?.[0];
    if (!choice) continue;
    if (choice.finish_reason) finish = choice.finish_reason;
    const delta = choice.delta ?? {};
    if (typeof delta.content === 'string') content += delta.content;
    if (typeof delta.reasoning_content === 'string') reasoning += delta.reasoning_content;
    if (typeof delta.reasoning === 'string') {
      reasoning += delta.reasoning;
      reasoningKey = 'reasoning';
    }
    for (const call of (delta.tool_calls as
      | Array<{ index: number; id?: string; function?: { name?: string; arguments?: string } }>
      | undefined) ?? []) {
      const slot = (toolCalls[call.index] ??= {
        type: 'function',
        function: { name: '', arguments: '' },
      });
      if (call.id) slot.id = call.id;
      if (call.function?.name) slot.function.name += call.function.name;
      if (call.function?.arguments) slot.function.arguments += call.function.arguments;
    }
  }
  return {
    ...meta,
    object: 'chat.completion',
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content,
          ...(reasoning ? { [reasoningKey]: reasoning } : {}),
          ...(toolCalls.length ? { tool_calls: toolCalls } : {}),
        },
        finish_reason: finish,
      },
    ],
    usage,
  };
}

/** Folds a recorded NDJSON stream into Ollama's single reply of `stream: false`. */
function ollamaReplyFrom(rec: Recording): unknown {
  let content = '';
  let thinking = '';
  let last: Record<string, unknown> = {};
  let toolCalls: unknown;
  for (const line of rec.events) {
    const chunk = JSON.parse(line) as {
      message?: { content?: string; thinking?: string; tool_calls?: unknown };
    };
    content += chunk.message?.content ?? '';
    thinking += chunk.message?.thinking ?? '';
    toolCalls ??= chunk.message?.tool_calls;
    last = chunk;
  }
  return {
    ...last,
    message: {
      role: 'assistant',
      content,
      ...(thinking ? { thinking } : {}),
      ...(toolCalls ? { tool_calls: toolCalls } : {}),
    },
  };
}

async function answerChat(
  response: ServerResponse,
  scenario: Scenario,
  ollama: boolean,
  body: unknown,
  gates: Gates,
): Promise<void> {
  if (scenario.status) {
    const text = errorBody(scenario, scenario.status, ollama);
    response.writeHead(scenario.status, {
      ...(text === undefined
        ? {}
        : {
            'Content-Type':
              scenario.body === 'html'
                ? 'text/html; charset=utf-8'
                : scenario.body === 'text'
                  ? 'text/plain'
                  : 'application/json',
          }),
    });
    response.end(text);
    return;
  }
  if (scenario.html) {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(
      '<!DOCTYPE html><html><head><title>Welcome</title></head><body><h1>It works</h1></body></html>',
    );
    return;
  }
  // Chat Completions stream only when asked; Ollama streams unless told not to.
  const stream = (body as { stream?: unknown } | undefined)?.stream;
  const streamed = ollama ? stream !== false : stream === true;
  const writer = new BodyWriter(response, scenario, gates);
  if (scenario.name === 'synthetic') {
    response.writeHead(200, {
      'Content-Type': ollama ? 'application/x-ndjson' : 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache',
    });
    const separator = ollama ? '\n' : '\n\n';
    if (scenario.rate) {
      // Paced: every event is written when its time comes (what is due is written together).
      const events = [...syntheticEvents(scenario.tokens, ollama ? 'ndjson' : 'sse')];
      if (!ollama && !scenario.noDone) events.push('data: [DONE]');
      const started = performance.now();
      let sent = 0;
      while (sent < events.length && !writer.cut) {
        const due = Math.min(
          events.length,
          Math.floor(((performance.now() - started) / 1000) * scenario.rate) + 1,
        );
        if (due > sent) {
          await writer.event(events.slice(sent, due).join(separator) + separator);
          sent = due;
        } else await sleep(1);
      }
      if (!writer.cut) response.end();
      return;
    }
    // One write per 64 tokens: as fast as the socket takes them, in realistic packet sizes.
    let batch = '';
    let n = 0;
    for (const event of syntheticEvents(scenario.tokens, ollama ? 'ndjson' : 'sse')) {
      batch += ollama ? `${event}\n` : `${event}\n\n`;
      n += 1;
      if (n % 64 === 0) {
        await writer.event(batch);
        batch = '';
      }
    }
    if (!ollama && !scenario.noDone) batch += 'data: [DONE]\n\n';
    await writer.event(batch);
    if (!writer.cut) response.end();
    return;
  }
  const rec = pickRecording(scenario, ollama, body);
  if (!streamed) {
    response.writeHead(200, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify(ollama ? ollamaReplyFrom(rec) : chatCompletionFrom(rec)));
    return;
  }
  response.writeHead(200, {
    'Content-Type': ollama ? 'application/x-ndjson' : 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache',
    Connection: 'keep-alive',
  });
  response.flushHeaders();
  for (const event of rec.events) {
    await writer.event(ollama ? `${event}\n` : sseEvent(event, scenario));
  }
  if (!ollama && rec.done && !scenario.noDone) await writer.event('data: [DONE]\n\n');
  if (!writer.cut) response.end();
}

const openaiModels = [
  'gpt-4o',
  'gpt-4o-mini',
  'o1',
  'o3-mini',
  'deepseek-chat',
  'deepseek-reasoner',
];
const ollamaModels = ['qwen2.5:7b', 'gemma3:1b', 'gemma3:latest', 'gpt-oss:120b'];

/** What `POST /api/show` reports per model, as Ollama 0.12 does for these models. */
const ollamaCapabilities: Record<string, string[]> = {
  'qwen2.5:7b': ['completion', 'tools'],
  'gemma3:1b': ['completion'],
  'gemma3:latest': ['completion', 'vision'],
  'gpt-oss:120b': ['completion', 'tools', 'thinking'],
};

/** Ollama refuses tools for a model whose template has none, with this body (HTTP 400). */
function refusesTools(body: unknown): string | undefined {
  const request = body as { model?: unknown; tools?: unknown[] } | undefined;
  const model = typeof request?.model === 'string' ? request.model : '';
  if (!model.startsWith('gemma3') || !request?.tools?.length) return undefined;
  const name = model.includes(':') ? model : `${model}:latest`;
  return JSON.stringify({ error: `registry.ollama.ai/library/${name} does not support tools` });
}

async function handle(
  request: IncomingMessage,
  response: ServerResponse,
  log: RecordedRequest[],
  gates: Gates,
): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://localhost');
  const split = splitScenarioPath(url.pathname);
  const header = request.headers['x-provider-scenario'];
  const spec = split.spec ?? (typeof header === 'string' ? header : undefined);
  const path = split.path.replace(/^\/v1(?=\/)/, '');
  const ollama = path.startsWith('/api/');
  const scenario = parseScenario(spec, ollama ? 'ollama-text' : 'openai-text');
  cors(request, response, scenario);
  if (request.method === 'OPTIONS') {
    response.writeHead(204);
    response.end();
    return;
  }
  const body = request.method === 'POST' ? await readBody(request) : undefined;
  log.push({
    method: request.method ?? 'GET',
    path: split.path,
    scenario: scenario.name,
    tag: scenario.tag,
    headers: request.headers,
    body,
  });
  if (scenario.delay) await sleep(scenario.delay);
  const route = `${request.method} ${path}`;
  if (route === 'POST /api/chat' && !scenario.status) {
    const refusal = refusesTools(body);
    if (refusal) {
      response.writeHead(400, { 'Content-Type': 'application/json; charset=utf-8' });
      response.end(refusal);
      return;
    }
  }
  if (route === 'POST /api/show') {
    const model = (body as { model?: unknown } | undefined)?.model;
    const capabilities = typeof model === 'string' ? ollamaCapabilities[model] : undefined;
    if (scenario.noShow || !capabilities) {
      response.writeHead(404, { 'Content-Type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify({ error: `model '${String(model)}' not found` }));
      return;
    }
    response.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
    response.end(JSON.stringify({ details: { format: 'gguf' }, capabilities }));
    return;
  }
  if (route === 'POST /chat/completions' || route === 'POST /api/chat') {
    await answerChat(response, scenario, ollama, body, gates);
    return;
  }
  if (route === 'GET /models' || route === 'GET /api/tags') {
    if (scenario.status) {
      response.writeHead(scenario.status, { 'Content-Type': 'application/json' });
      response.end(errorBody(scenario, scenario.status, ollama));
      return;
    }
    response.writeHead(200, { 'Content-Type': 'application/json' });
    response.end(
      JSON.stringify(
        ollama
          ? { models: ollamaModels.map((name) => ({ name, model: name, size: 0, digest: '' })) }
          : {
              object: 'list',
              data: openaiModels.map((id) => ({ id, object: 'model', owned_by: 'test' })),
            },
      ),
    );
    return;
  }
  // A 404 without a body, like an API base that points at the wrong path.
  response.writeHead(404);
  response.end();
}

export async function startProviderServer(): Promise<ProviderServer> {
  const requests: RecordedRequest[] = [];
  const gates = new Gates();
  const server = createServer((request, response) => {
    handle(request, response, requests, gates).catch((error: unknown) => {
      if (!response.headersSent) {
        response.writeHead(400, {
          'Content-Type': 'text/plain',
          'Access-Control-Allow-Origin': '*',
        });
        response.end(error instanceof Error ? error.message : String(error));
      } else {
        response.destroy();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    port,
    requests,
    base: (scenario, suffix = '') => `${url}/s/${scenario}${suffix}`,
    release: (tag = '') => gates.release(tag),
    close: () =>
      new Promise<void>((resolve) => {
        // Held streams end with their connections.
        gates.releaseAll();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
