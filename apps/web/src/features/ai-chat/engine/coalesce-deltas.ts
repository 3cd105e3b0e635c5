/**
 * Joins runs of plain text deltas in a reply stream into one event before the AI SDK reads it.
 *
 * The SDK validates and transforms every chunk with a schema, which costs tens of microseconds a
 * chunk: a fast reply of 20,000 one-token chunks spent most of its time there, and the text fell
 * behind the network. Consecutive chunks that only add text of the same kind (answer or
 * reasoning), and carry nothing else, say the same thing as one chunk with their texts joined,
 * so each piece of the body that arrives together is passed on with such runs merged. Anything
 * else (roles, tool calls, usage, finish reasons, errors, comments, `event:` lines, `[DONE]`,
 * lines that are not JSON) passes through unchanged, in place. Merging never waits for more data:
 * it joins only what has already arrived.
 */

export type DeltaWire = 'sse' | 'ndjson';

/** The wire a streamed reply uses, from its content type; null when it is not a stream. */
export function deltaWireOf(contentType: string): DeltaWire | null {
  if (/text\/event-stream/i.test(contentType)) return 'sse';
  if (/ndjson/i.test(contentType)) return 'ndjson';
  return null;
}

type Kind = 'text' | 'reasoning';

interface Delta {
  kind: Kind;
  text: string;
  /** The parsed event, and the object in it whose field holds the text. */
  event: Record<string, unknown>;
  holder: Record<string, unknown>;
  field: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const onlyKeys = (value: Record<string, unknown>, allowed: ReadonlySet<string>) =>
  Object.keys(value).every((key) => allowed.has(key));

const blank = (value: unknown) => value === undefined || value === null || value === '';

/** Which of two text fields a delta fills: exactly one non-empty string, the other blank. */
function textOf(
  holder: Record<string, unknown>,
  textField: string,
  reasoningField: string,
): { kind: Kind; field: string; text: string } | null {
  const text = holder[textField];
  const reasoning = holder[reasoningField];
  if (typeof text === 'string' && text !== '' && blank(reasoning))
    return { kind: 'text', field: textField, text };
  if (typeof reasoning === 'string' && reasoning !== '' && blank(text))
    return { kind: 'reasoning', field: reasoningField, text: reasoning };
  return null;
}

const chunkKeys = new Set([
  'id',
  'object',
  'created',
  'model',
  'system_fingerprint',
  'service_tier',
  'obfuscation',
  'choices',
  'usage',
  'provider',
]);
const choiceKeys = new Set(['index', 'delta', 'logprobs', 'finish_reason']);
// Some servers repeat the role in every delta; it says nothing new.
const deltaKeys = new Set(['role', 'content', 'reasoning_content', 'refusal']);

/** An OpenAI-style chat completion chunk that only adds text (OpenAI, DeepSeek). */
function chatCompletionDelta(event: unknown): Delta | null {
  if (!isRecord(event) || !onlyKeys(event, chunkKeys) || !blank(event.usage)) return null;
  const choices = event.choices;
  if (!Array.isArray(choices) || choices.length !== 1) return null;
  const choice: unknown = choices[0];
  if (!isRecord(choice) || !onlyKeys(choice, choiceKeys)) return null;
  if (!blank(choice.finish_reason) || !blank(choice.logprobs) || (choice.index ?? 0) !== 0)
    return null;
  const delta = choice.delta;
  if (!isRecord(delta) || !onlyKeys(delta, deltaKeys) || !blank(delta.refusal)) return null;
  const found = textOf(delta, 'content', 'reasoning_content');
  return found && { ...found, event, holder: delta };
}

const ollamaKeys = new Set(['model', 'created_at', 'message', 'done']);
const ollamaMessageKeys = new Set(['role', 'content', 'thinking']);

/** An Ollama `/api/chat` line that only adds text. */
function ollamaDelta(event: unknown): Delta | null {
  if (!isRecord(event) || !onlyKeys(event, ollamaKeys) || event.done !== false) return null;
  const message = event.message;
  if (!isRecord(message) || !onlyKeys(message, ollamaMessageKeys)) return null;
  const found = textOf(message, 'content', 'thinking');
  return found && { ...found, event, holder: message };
}

function parse(json: string): unknown {
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return undefined;
  }
}

/** One SSE event (the text between blank lines): a text delta when it is a lone `data:` line. */
function sseDelta(block: string): Delta | null {
  if (!block.startsWith('data:') || block.includes('\n')) return null;
  const payload = block.slice(block.startsWith('data: ') ? 6 : 5);
  if (!payload.startsWith('{')) return null;
  return chatCompletionDelta(parse(payload));
}

function ndjsonDelta(line: string): Delta | null {
  return line.startsWith('{') ? ollamaDelta(parse(line)) : null;
}

const formats = {
  sse: {
    separator: '\n\n',
    delta: sseDelta,
    write: (event: unknown) => `data: ${JSON.stringify(event)}`,
  },
  ndjson: { separator: '\n', delta: ndjsonDelta, write: (event: unknown) => JSON.stringify(event) },
};

/** Merges the runs of text deltas among whole events (each without its separator). */
function mergeRuns(blocks: string[], wire: DeltaWire): string[] {
  const format = formats[wire];
  const out: string[] = [];
  let run: { first: Delta; texts: string[]; source: string } | null = null;
  const close = () => {
    if (!run) return;
    if (run.texts.length === 1) out.push(run.source);
    else {
      run.first.holder[run.first.field] = run.texts.join('');
      out.push(format.write(run.first.event));
    }
    run = null;
  };
  for (const block of blocks) {
    const delta = format.delta(block);
    if (delta && run && run.first.kind === delta.kind) {
      run.texts.push(delta.text);
      continue;
    }
    close();
    if (delta) run = { first: delta, texts: [delta.text], source: block };
    else out.push(block);
  }
  close();
  return out;
}

export function coalesceDeltas(
  body: ReadableStream<Uint8Array>,
  wire: DeltaWire,
): ReadableStream<Uint8Array> {
  const { separator } = formats[wire];
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let rest = '';
  // A stream with CR line ends is passed on as it came: its events are not split here.
  let verbatim = false;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        const text = rest + decoder.decode(chunk, { stream: true });
        rest = '';
        if (verbatim || text.includes('\r')) {
          verbatim = true;
          if (text) controller.enqueue(encoder.encode(text));
          return;
        }
        const end = text.lastIndexOf(separator);
        if (end < 0) {
          rest = text;
          return;
        }
        const whole = text.slice(0, end);
        rest = text.slice(end + separator.length);
        const merged = mergeRuns(whole.split(separator), wire).join(separator);
        controller.enqueue(encoder.encode(merged + separator));
      },
      flush(controller) {
        const text = rest + decoder.decode();
        if (text) controller.enqueue(encoder.encode(text));
      },
    }),
  );
}
