/**
 * The `openai-tools` and `deepseek-tools` scenarios: a model that calls the tools a test names.
 * The reply is a real recorded tool-call stream with only the tool names, the arguments and the
 * call ids rewritten (the chunking, ids' shape, usage and finish reason stay as recorded); once
 * the model has had its tool rounds, the answer is a recorded text stream whose content is
 * rewritten to quote the tool messages of the request, so a test sees what the model received.
 */
import { recording, ssePayload, type Recording } from './recordings';
import type { Scenario, ScriptedCall } from './scenario';

interface ChatBody {
  messages?: Array<{ role?: string; content?: unknown; tool_calls?: unknown[] }>;
}

type Chunk = {
  choices?: Array<{
    delta?: {
      content?: string | null;
      tool_calls?: Array<{
        index: number;
        id?: string;
        function?: { name?: string; arguments?: string };
      }>;
    };
  }>;
};

/** The messages after the last user message: this prompt's tool rounds so far. */
function currentTurn(body: unknown): NonNullable<ChatBody['messages']> {
  const messages = (body as ChatBody | undefined)?.messages ?? [];
  let at = -1;
  messages.forEach((m, i) => {
    if (m.role === 'user') at = i;
  });
  return messages.slice(at + 1);
}

/** How many tool rounds this prompt has had (assistant messages that called tools). */
export function toolRoundsSoFar(body: unknown): number {
  return currentTurn(body).filter((m) => m.role === 'assistant' && m.tool_calls?.length).length;
}

/** The contents of the tool messages that answered the last round, in order. */
export function lastToolResults(body: unknown): string[] {
  const turn = currentTurn(body);
  const results: string[] = [];
  for (let i = turn.length - 1; i >= 0 && turn[i]?.role === 'tool'; i -= 1) {
    const content = turn[i]!.content;
    results.unshift(typeof content === 'string' ? content : JSON.stringify(content));
  }
  return results;
}

/** `text` cut into `count` pieces of about equal length (characters, never inside one). */
function pieces(text: string, count: number): string[] {
  const characters = Array.from(text);
  const out: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const from = Math.round((i * characters.length) / count);
    const to = Math.round(((i + 1) * characters.length) / count);
    out.push(characters.slice(from, to).join(''));
  }
  return out;
}

/** Rewrites every `data:` chunk of a recording with `edit` (comments and [DONE] kept). */
function mapChunks(rec: Recording, edit: (chunk: Chunk, at: number) => void): Recording {
  const events = rec.events.map((block, at) => {
    const chunk = ssePayload(block) as Chunk | undefined;
    if (!chunk) return block;
    edit(chunk, at);
    const json = JSON.stringify(chunk);
    return rec.wire === 'sse' ? `data: ${json}` : json;
  });
  return { ...rec, events };
}

const toolTemplates: Record<string, string[]> = {
  // One call, arguments over 11 chunks; two calls in one reply (gpt-4o, parallel calls).
  openai: ['openai-tool-call', 'openai-parallel-tool-calls'],
  // deepseek-reasoner: reasoning, then one call.
  deepseek: ['deepseek-tool-call'],
};

/** The recorded tool call(s) with the scripted names, arguments and per-round ids. */
export function scriptedToolCalls(
  provider: 'openai' | 'deepseek',
  calls: ScriptedCall[],
  round: number,
): Recording {
  const name = toolTemplates[provider]![calls.length - 1];
  const template = name ? recording(name) : undefined;
  if (!template) throw new Error(`No ${provider} recording with ${calls.length} tool calls`);
  // How many argument fragments each call has in the recording.
  const fragments = new Map<number, number>();
  for (const block of template.events) {
    for (const call of (ssePayload(block) as Chunk | undefined)?.choices?.[0]?.delta?.tool_calls ??
      []) {
      if (call.function?.arguments) fragments.set(call.index, (fragments.get(call.index) ?? 0) + 1);
    }
  }
  const split = calls.map((call, index) => pieces(call.args, fragments.get(index) ?? 1));
  return mapChunks(template, (chunk) => {
    for (const call of chunk.choices?.[0]?.delta?.tool_calls ?? []) {
      const scripted = calls[call.index];
      if (!scripted) throw new Error(`The recording has more tool calls than the scenario`);
      // Real ids are unique per call; a replay of one recording in every round is not.
      if (call.id) call.id = `${call.id}_${round}`;
      if (call.function?.name) call.function.name = scripted.name;
      if (call.function?.arguments) call.function.arguments = split[call.index]!.shift() ?? '';
    }
  });
}

/** The recorded answer with its content replaced by one that quotes the tool results. */
export function scriptedAnswer(provider: 'openai' | 'deepseek', body: unknown): Recording {
  const template = recording(provider === 'openai' ? 'openai-text' : 'deepseek-reasoning')!;
  const results = lastToolResults(body);
  const text = results.length
    ? `The tools answered: ${results.join(' | ')}`
    : 'No tool was called.';
  const slots = template.events.filter((block) => {
    const content = (ssePayload(block) as Chunk | undefined)?.choices?.[0]?.delta?.content;
    return typeof content === 'string' && content !== '';
  }).length;
  const split = pieces(text, slots);
  return mapChunks(template, (chunk) => {
    const delta = chunk.choices?.[0]?.delta;
    if (delta && typeof delta.content === 'string' && delta.content !== '')
      delta.content = split.shift() ?? '';
  });
}

/** The reply of a `<provider>-tools` scenario to one request. */
export function scriptedReply(scenario: Scenario, body: unknown): Recording {
  const provider = scenario.name === 'deepseek-tools' ? 'deepseek' : 'openai';
  if (!scenario.calls.length) throw new Error(`${scenario.name} needs at least one call: option`);
  const round = toolRoundsSoFar(body);
  const later = scenario.laterCalls[round - 1];
  return round < scenario.rounds
    ? scriptedToolCalls(provider, round > 0 && later ? [later] : scenario.calls, round + 1)
    : scriptedAnswer(provider, body);
}
