// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  coalesceDeltas,
  deltaWireOf,
  type DeltaWire,
} from '@/features/ai-chat/engine/coalesce-deltas';

const fixtures = new URL('../../../../e2e/fixtures/provider-streams/', import.meta.url);
const fixture = (name: string) => readFileSync(new URL(name, fixtures), 'utf8');

/** Cuts the bytes into pieces of `size`. */
const piecesOf = (bytes: Uint8Array, size: number) => {
  const pieces: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += size) pieces.push(bytes.slice(i, i + size));
  return pieces;
};

/** Cuts the bytes after every byte of every character that takes more than one. */
const piecesInsideCharacters = (bytes: Uint8Array) => {
  const pieces: Uint8Array[] = [];
  let start = 0;
  for (let i = 1; i < bytes.length; i++) {
    // A continuation byte (10xxxxxx) belongs to the character before it: cut before it.
    if ((bytes[i]! & 0xc0) !== 0x80) continue;
    pieces.push(bytes.slice(start, i));
    start = i;
  }
  pieces.push(bytes.slice(start));
  return pieces;
};

/** Feeds the bytes in the given pieces (all at once when omitted) and reads what comes out. */
async function through(
  input: string,
  wire: DeltaWire,
  cut: (bytes: Uint8Array) => Uint8Array[] = (bytes) => [bytes],
): Promise<string> {
  const pieces = cut(new TextEncoder().encode(input));
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces) controller.enqueue(piece);
      controller.close();
    },
  });
  const reader = coalesceDeltas(body, wire).getReader();
  const decoder = new TextDecoder();
  let out = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return out + decoder.decode();
    out += decoder.decode(value, { stream: true });
  }
}

const chunk = (delta: object, extra: object = {}) =>
  `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta, logprobs: null, finish_reason: null }], usage: null, ...extra })}\n\n`;

/** The texts in order, as the SDK would emit them: [kind, text] per event, joined by kind runs. */
function sseTexts(stream: string): [string, string][] {
  const out: [string, string][] = [];
  for (const block of stream.split('\n\n')) {
    if (!block.startsWith('data: {')) continue;
    const delta = (JSON.parse(block.slice(6)) as { choices: { delta: Record<string, unknown> }[] })
      .choices[0]?.delta;
    for (const kind of ['reasoning_content', 'content']) {
      const text = delta?.[kind];
      if (typeof text !== 'string' || !text) continue;
      const last = out.at(-1);
      if (last?.[0] === kind) last[1] += text;
      else out.push([kind, text]);
    }
  }
  return out;
}

describe('joining text deltas of a reply stream', () => {
  it('merges a run of answer deltas into one event and leaves the others byte for byte', async () => {
    const role = chunk({ role: 'assistant', content: '' });
    const finish = `data: ${JSON.stringify({ id: 'c', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }], usage: { prompt_tokens: 1, completion_tokens: 3 } })}\n\n`;
    const input =
      role +
      chunk({ content: 'Hel' }) +
      chunk({ content: 'lo, ' }) +
      chunk({ content: 'wörld' }) +
      finish +
      'data: [DONE]\n\n';
    const out = await through(input, 'sse');
    expect(out).toBe(role + chunk({ content: 'Hello, wörld' }) + finish + 'data: [DONE]\n\n');
  });

  it('keeps reasoning and answer apart and in their order', async () => {
    const input = [
      chunk({ content: null, reasoning_content: 'think ' }),
      chunk({ content: null, reasoning_content: 'hard' }),
      chunk({ content: 'An' }),
      chunk({ content: 'swer' }),
      chunk({ content: null, reasoning_content: 'again' }),
    ].join('');
    const out = await through(input, 'sse');
    expect(out.split('\n\n').filter(Boolean)).toHaveLength(3);
    expect(sseTexts(out)).toEqual([
      ['reasoning_content', 'think hard'],
      ['content', 'Answer'],
      ['reasoning_content', 'again'],
    ]);
  });

  it('never merges across a tool call, a comment, an event line or an error', async () => {
    const tool = chunk({
      tool_calls: [{ index: 0, id: 't', function: { name: 'f', arguments: '' } }],
    });
    const input =
      chunk({ content: 'a' }) +
      tool +
      chunk({ content: 'b' }) +
      ': keep-alive\n\n' +
      chunk({ content: 'c' }) +
      'event: message\n' +
      chunk({ content: 'd' }) +
      chunk({ content: 'e' }) +
      `data: ${JSON.stringify({ error: { message: 'overloaded' } })}\n\n` +
      chunk({ content: 'f' });
    expect(await through(input, 'sse')).toBe(input);
  });

  it('gives the same texts whatever the network pieces, UTF-8 split included', async () => {
    const small = [
      'openai_chat_text_with_usage.sse',
      'openai_chat_tool_call_split_args_with_usage.sse',
    ];
    for (const name of [...small, 'deepseek_reasoner_reasoning_then_content.sse']) {
      const input = fixture(name);
      const whole = await through(input, 'sse');
      if (!name.includes('tool')) expect(whole.length, name).toBeLessThan(input.length);
      expect(sseTexts(whole), name).toEqual(sseTexts(input));
      // Byte by byte only where the stream is small: the 67 KB stream in single bytes took
      // seconds, past the time limit on a loaded machine, and the other cuts cover it.
      const sizes = small.includes(name) ? [1, 7, 500] : [7, 500];
      const cuts = new Map<string, (bytes: Uint8Array) => Uint8Array[]>([
        ...sizes.map(
          (size) => [`${size}-byte pieces`, (bytes: Uint8Array) => piecesOf(bytes, size)] as const,
        ),
        ['pieces cut inside every multi-byte character', piecesInsideCharacters],
      ]);
      for (const [label, cut] of cuts) {
        const pieces = await through(input, 'sse', cut);
        expect(sseTexts(pieces), `${name} in ${label}`).toEqual(sseTexts(input));
        expect(pieces).not.toContain('\uFFFD');
      }
    }
  });

  it('keeps characters whole when every one of them arrives split', async () => {
    const input =
      chunk({ content: 'wörld ' }) + chunk({ content: '你好 ' }) + chunk({ content: '😊' });
    const out = await through(input, 'sse', piecesInsideCharacters);
    expect(sseTexts(out)).toEqual([['content', 'wörld 你好 😊']]);
  });

  it('passes a stream with CRLF line ends through unchanged', async () => {
    const input = (chunk({ content: 'a' }) + chunk({ content: 'b' })).replaceAll('\n', '\r\n');
    expect(await through(input, 'sse')).toBe(input);
  });

  it('merges Ollama lines of thinking and of content, and keeps the final line', async () => {
    const input = fixture('ollama_cloud_chat_stream_thinking_gptoss.ndjson');
    const out = await through(input, 'ndjson');
    const read = (stream: string) => {
      const lines = stream
        .split('\n')
        .filter(Boolean)
        .map(
          (l) =>
            JSON.parse(l) as { message?: { content?: string; thinking?: string }; done: boolean },
        );
      return {
        count: lines.length,
        thinking: lines.map((l) => l.message?.thinking ?? '').join(''),
        content: lines.map((l) => l.message?.content ?? '').join(''),
        last: lines.at(-1),
      };
    };
    const before = read(input);
    const after = read(out);
    expect(after.count).toBeLessThan(before.count / 4);
    expect(after.thinking).toBe(before.thinking);
    expect(after.content).toBe(before.content);
    expect(after.last).toEqual(before.last);
  });

  it('applies to streamed content types only', () => {
    expect(deltaWireOf('text/event-stream; charset=utf-8')).toBe('sse');
    expect(deltaWireOf('application/x-ndjson')).toBe('ndjson');
    expect(deltaWireOf('application/json')).toBeNull();
  });
});
