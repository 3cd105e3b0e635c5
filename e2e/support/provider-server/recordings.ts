/**
 * The recorded provider replies (e2e/fixtures/provider-streams, provenance in its README), split
 * into the events the server sends: SSE blocks (`data: ...`, comment and `event:` lines kept as
 * recorded) or NDJSON lines.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// From the file path, not `new URL(relative, import.meta.url)`: under jsdom (web tests) the
// URL class resolves against the page, not the module.
const dir = join(dirname(fileURLToPath(import.meta.url)), '../../fixtures/provider-streams/');

export type Wire = 'sse' | 'ndjson';

export interface Recording {
  wire: Wire;
  /** One SSE block (without the blank line that ends it) or one NDJSON line each. */
  events: string[];
  /** Whether the recording ends with `data: [DONE]`. */
  done: boolean;
}

function read(file: string): string {
  return readFileSync(`${dir}${file}`, 'utf8');
}

function sse(file: string): Recording {
  const blocks = read(file)
    .replace(/\r\n/g, '\n')
    .split(/\n\n+/)
    .map((b) => b.trim())
    .filter(Boolean);
  const done = blocks.at(-1) === 'data: [DONE]';
  return { wire: 'sse', events: done ? blocks.slice(0, -1) : blocks, done };
}

/** Chunks stored one JSON per line, framing stripped: wrapped back as the provider sent them. */
function jsonl(file: string): Recording {
  const lines = read(file)
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  return { wire: 'sse', events: lines.map((l) => `data: ${l}`), done: true };
}

function ndjson(file: string): Recording {
  const lines = read(file)
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  return { wire: 'ndjson', events: lines, done: true };
}

/** A non-streamed Ollama reply: Ollama streams a tool call as one final line like this. */
function ollamaSingle(file: string): Recording {
  return { wire: 'ndjson', events: [JSON.stringify(JSON.parse(read(file)))], done: true };
}

/**
 * The same chunks with each delta's `reasoning_content` named `reasoning`: how OpenRouter (and
 * newer vLLM) stream the reasoning of an OpenAI-compatible reply.
 */
function renamedReasoning(rec: Recording): Recording {
  return {
    ...rec,
    events: rec.events.map((e) => e.replaceAll('"reasoning_content":', '"reasoning":')),
  };
}

const cache = new Map<string, Recording>();
const loaders: Record<string, () => Recording> = {
  'openai-text': () => sse('openai_chat_text_with_usage.sse'),
  'openai-tool-call': () => sse('openai_chat_tool_call_split_args_with_usage.sse'),
  'openai-parallel-tool-calls': () => sse('openai_chat_parallel_tool_calls_split_args.sse'),
  'openai-error-in-stream': () => sse('openai_chat_error_in_stream.HANDMADE.sse'),
  'openrouter-inline-error': () => sse('openrouter_chat_processing_comments_inline_error.sse'),
  'groq-event-error': () => sse('groq_chat_event_error_after_text.sse'),
  'deepseek-reasoning': () => sse('deepseek_reasoner_reasoning_then_content.sse'),
  // Served to the OpenAI provider: the reasoning field vLLM and LM Studio send.
  'compat-reasoning-content': () => jsonl('vercel-ai_deepseek-reasoning.chunks.jsonl'),
  'compat-reasoning': () => renamedReasoning(jsonl('vercel-ai_deepseek-reasoning.chunks.jsonl')),
  'deepseek-tool-call': () => jsonl('vercel-ai_deepseek-tool-call.chunks.jsonl'),
  'ollama-text': () => ndjson('ollama_chat_stream_text_gemma3.ndjson'),
  'ollama-thinking': () => ndjson('ollama_cloud_chat_stream_thinking_gptoss.ndjson'),
  'ollama-tool-call': () =>
    ollamaSingle('ollama_cloud_chat_nonstream_tool_call_with_thinking.json'),
  'ollama-after-tool': () => ollamaSingle('ollama_cloud_chat_nonstream_after_tool_result.json'),
};

export const recordingNames = Object.keys(loaders);

export function recording(name: string): Recording | undefined {
  const load = loaders[name];
  if (!load) return undefined;
  let value = cache.get(name);
  if (!value) {
    value = load();
    cache.set(name, value);
  }
  return value;
}

/** The JSON payload of an SSE block's `data:` line(s), or undefined for comments and [DONE]. */
export function ssePayload(block: string): unknown {
  const data = block
    .split('\n')
    .filter((line) => line.startsWith('data:'))
    .map((line) => line.slice(5).trimStart())
    .join('\n');
  if (!data || data === '[DONE]') return undefined;
  return JSON.parse(data) as unknown;
}
