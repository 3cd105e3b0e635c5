/**
 * The AI chat engine (docs/product.md#chat-request-flow): sends a request, reports reasoning
 * and content as they arrive, runs the tool loop (model asks → tool called through the injected
 * ChatTools → tool message → re-sent, at most `maxToolRounds` times), and ends with the content,
 * the reasoning and the token counts, or with a failure. It never throws, and the abort signal
 * is honoured at every step: what arrived before a stop is kept.
 */
import { limits } from '@confab/protocol/limits';
import { APICallError, generateText, jsonSchema, tool, type ModelMessage, type ToolSet } from 'ai';
import type { ToolCallOutcome, ToolCallRequest } from '@confab/protocol/ai-chat';
import type { ChatTools } from '../lib/chat-tools';
import { finishTokens, modelPrompt, modelTools, type ModelV3 } from './model-call';
import { isAbortError, toChatFailure, type ChatFailure } from './provider-errors';
import {
  isToolsRefusal,
  ollamaCapabilities,
  rememberToolsRefused,
  toolsRefused,
  type ModelCapabilities,
} from './model-capabilities';
import { checkedProvider, createLanguageModel, providerOptionsFor } from './provider-model';
import { sliceMs, yieldToMain } from './time-slice';
import type { ChatRequest } from './request-building';

export type ChatEvent =
  | { type: 'reasoning'; text: string }
  | { type: 'content'; text: string }
  | { type: 'tool-call'; call: ToolCallRequest }
  | { type: 'tool-result'; call: ToolCallRequest; outcome: ToolCallOutcome }
  | { type: 'trace'; label: string; message: string }
  | { type: 'request'; request: RequestRecord };

/**
 * One request to the model as the inspector shows it: what was sent, how it ended (a failed one
 * too, with its status and the provider's error) and what came back.
 */
export interface RequestRecord {
  /** 1 for the prompt, then one more per tool round. */
  round: number;
  /** The body sent, as indented JSON; '' when nothing left the browser. */
  body: string;
  ok: boolean;
  /** Ended by the user's Stop. */
  stopped: boolean;
  /** The HTTP status, when an answer came. */
  status?: number;
  /** The provider's error, or why it could not be reached. */
  error?: string;
  text: string;
  reasoning: string;
  toolCalls: ToolCallRequest[];
  inputTokens: number;
  outputTokens: number;
}

export interface ChatRunOptions {
  chatId: string;
  signal: AbortSignal;
  onEvent: (event: ChatEvent) => void;
  tools?: ChatTools;
  /** Injected in tests and in Node; the browser's fetch otherwise. */
  fetch?: typeof fetch;
  maxToolRounds?: number;
  /** The app's origin, for the OLLAMA_ORIGINS hint. */
  origin?: string;
}

export interface ChatResult {
  content: string;
  reasoning: string;
  inputTokens: number;
  outputTokens: number;
  aborted: boolean;
  failure?: ChatFailure;
  rounds: number;
  /** Set when the model still called tools after `maxToolRounds` rounds and was stopped. */
  toolRoundsCapped?: number;
}

interface StepOutcome {
  content: string;
  reasoning: string;
  toolCalls: ToolCallRequest[];
  inputTokens: number;
  outputTokens: number;
}

export const defaultMaxToolRounds = 10;

// The AI SDK's warnings (a setting a model ignores) go to the inspector trace, not the console.
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

function warningText(warnings: readonly unknown[]): string {
  return warnings
    .map((w) => {
      const warning = w as { feature?: string; details?: string; message?: string; type?: string };
      return (
        warning.details ??
        warning.message ??
        `${warning.type ?? 'warning'} ${warning.feature ?? ''}`
      );
    })
    .join('\n');
}

function toolSet(tools: Awaited<ReturnType<ChatTools['list']>>): ToolSet {
  const set: ToolSet = {};
  for (const t of tools) {
    // No `execute`: the engine runs calls itself, so approval and abort stay in its hands.
    set[t.name] = tool({
      description: t.description.slice(0, limits.toolDescriptionMax),
      inputSchema: jsonSchema(t.inputSchema ?? { type: 'object', properties: {} }),
    });
  }
  return set;
}

function stringify(value: unknown): string {
  try {
    return typeof value === 'string' ? value : JSON.stringify(value, null, 2);
  } catch {
    return String(value);
  }
}

/**
 * A call's outcome as the tool message: its output as text, or as the tool's error when it did
 * not give a result. (A denial as `execution-denied` would reach Ollama as a tool message
 * without content.)
 */
function toolOutput(outcome: ToolCallOutcome) {
  return outcome.outcome === 'result'
    ? { type: 'text' as const, value: outcome.output }
    : { type: 'error-text' as const, value: outcome.output };
}

export async function runChat(request: ChatRequest, options: ChatRunOptions): Promise<ChatResult> {
  const { signal, onEvent } = options;
  const result: ChatResult = {
    content: '',
    reasoning: '',
    inputTokens: 0,
    outputTokens: 0,
    aborted: false,
    rounds: 0,
  };
  const maxRounds = options.maxToolRounds ?? defaultMaxToolRounds;
  const messages: ModelMessage[] = [...request.messages];
  try {
    // An error object found in the raw stream (see guarded-fetch.ts), reported once it is read.
    const streamErrors: string[] = [];
    // What each request sent and the status it got, for the inspector: a failed request has
    // no other record of its body.
    const sent: { body?: string; status?: number } = {};
    const baseFetch = options.fetch ?? globalThis.fetch;
    const recordingFetch: typeof fetch = async (input, init) => {
      if (typeof init?.body === 'string') sent.body = init.body;
      const response = await baseFetch(input, init);
      sent.status = response.status;
      return response;
    };
    const { name, baseURL } = checkedProvider(request.provider, request.model);
    const capabilities: ModelCapabilities | null =
      name === 'Ollama'
        ? await ollamaCapabilities(baseURL, request.model, signal, options.fetch)
        : null;
    const model = createLanguageModel(
      request.provider,
      request.model,
      recordingFetch,
      (message) => streamErrors.push(message),
      { think: capabilities?.thinking === true, presencePenalty: request.presencePenalty },
    );
    const withoutTools = toolsWithheld(request, baseURL, capabilities);
    if (withoutTools && options.tools) {
      onEvent({ type: 'trace', label: 'tools', message: `No tools offered: ${withoutTools}` });
    }
    const chatTools =
      options.tools?.openReply?.({ chatId: options.chatId, selection: request.toolSelection }) ??
      options.tools;
    // Tools that cannot be listed (the tool host is down) leave the model to answer alone.
    const offered =
      chatTools && !withoutTools
        ? await chatTools.list().catch((error: unknown) => {
            if (signal.aborted) throw error;
            onEvent({
              type: 'trace',
              label: 'tools',
              message: `No tools offered: ${error instanceof Error ? error.message : String(error)}`,
            });
            return [];
          })
        : [];
    const tools = offered.length ? toolSet(offered) : undefined;
    const common: CommonSettings = {
      model,
      system: request.system || undefined,
      temperature: request.temperature,
      maxOutputTokens: request.maxTokens ?? undefined,
      // Ollama takes these in its options (providerOptionsFor); the others as call settings.
      ...(name === 'Ollama'
        ? {}
        : { topP: request.topP, presencePenalty: request.presencePenalty }),
      tools,
      toolChoice: tools ? ('auto' as const) : undefined,
      // A failed reply is the user's to retry: an automatic retry of a 429 or 503 would keep
      // them waiting several seconds without a word.
      maxRetries: 0,
      abortSignal: signal,
      providerOptions: providerOptionsFor(request.provider, request.model, request),
    };
    // A model whose capabilities were unknown may refuse tools: asked again once without them.
    let refusalRetried = false;
    for (;;) {
      if (signal.aborted) break;
      result.rounds += 1;
      // A refused request and its retry without tools are one round: the count goes back before
      // the retry, the refused request's record keeps this one.
      const round = result.rounds;
      const step: StepOutcome = {
        content: '',
        reasoning: '',
        toolCalls: [],
        inputTokens: 0,
        outputTokens: 0,
      };
      sent.body = undefined;
      sent.status = undefined;
      let stepError: unknown = null;
      try {
        if (request.stream) await streamStep(common, messages, onEvent, step);
        else await generateStep(common, messages, onEvent, step);
        if (streamErrors[0] !== undefined) throw new Error(streamErrors[0]);
      } catch (error) {
        stepError = error;
        if (!common.tools || refusalRetried || signal.aborted || !isToolsRefusal(error))
          throw error;
        refusalRetried = true;
        rememberToolsRefused(name, baseURL, request.model);
        common.tools = undefined;
        common.toolChoice = undefined;
        result.rounds -= 1;
        onEvent({
          type: 'trace',
          label: 'tools',
          message: `${toChatFailure(error, { provider: name }).message}: sent again without tools.`,
        });
        continue;
      } finally {
        onEvent({
          type: 'request',
          request: requestRecord(round, sent, step, stepError, signal, request),
        });
        // What arrived before an error or a stop is kept.
        result.inputTokens += step.inputTokens;
        result.outputTokens += step.outputTokens;
        result.content += step.content;
        result.reasoning += step.reasoning;
      }
      onEvent({
        type: 'trace',
        label: 'usage',
        message: `input ${step.inputTokens} tokens, output ${step.outputTokens} tokens`,
      });
      if (!step.toolCalls.length || !chatTools || signal.aborted) break;
      if (result.rounds > maxRounds) {
        result.toolRoundsCapped = maxRounds;
        onEvent({
          type: 'trace',
          label: 'tool rounds',
          message: `Stopped after ${maxRounds} tool rounds.`,
        });
        break;
      }
      // The assistant turn goes back with its reasoning: DeepSeek refuses a follow-up whose
      // tool-calling assistant message lacks `reasoning_content`.
      messages.push({
        role: 'assistant',
        content: [
          ...(step.reasoning ? [{ type: 'reasoning' as const, text: step.reasoning }] : []),
          ...(step.content ? [{ type: 'text' as const, text: step.content }] : []),
          ...step.toolCalls.map((call) => ({
            type: 'tool-call' as const,
            toolCallId: call.id,
            toolName: call.name,
            input: call.args,
          })),
        ],
      });
      const results = [];
      for (const call of step.toolCalls) {
        if (signal.aborted) break;
        onEvent({ type: 'tool-call', call });
        onEvent({
          type: 'trace',
          label: 'tool call',
          message: `${call.name} ${stringify(call.args)}`,
        });
        const outcome = await chatTools
          .call(call, { chatId: options.chatId, signal })
          .catch((error: unknown): ToolCallOutcome => {
            const message = error instanceof Error ? error.message : String(error);
            return { outcome: 'error', output: message, error: message };
          });
        // Stopped while the call waited for approval or ran: it has no outcome (shown as stopped).
        if (signal.aborted) break;
        onEvent({ type: 'tool-result', call, outcome });
        onEvent({
          type: 'trace',
          label: 'tool result',
          message: `${call.name}: ${stringify(outcome)}`,
        });
        results.push({
          type: 'tool-result' as const,
          toolCallId: call.id,
          toolName: call.name,
          output: toolOutput(outcome),
        });
      }
      if (signal.aborted) break;
      messages.push({ role: 'tool', content: results });
      // A reply's own tools may have grown (the search step found some): offered from now on.
      if (chatTools !== options.tools && common.tools) {
        const next = await chatTools.list();
        common.tools = next.length ? toolSet(next) : undefined;
        common.toolChoice = common.tools ? 'auto' : undefined;
      }
      if (result.content && !/\s$/.test(result.content)) {
        result.content += '\n\n';
        onEvent({ type: 'content', text: '\n\n' });
      }
    }
  } catch (error) {
    if (signal.aborted || isAbortError(error)) {
      result.aborted = true;
    } else {
      result.failure = toChatFailure(error, {
        provider: request.provider.provider,
        origin: options.origin,
      });
      onEvent({
        type: 'trace',
        label: 'error',
        message: `${result.failure.code} ${result.failure.message}`,
      });
    }
  }
  if (signal.aborted) result.aborted = true;
  return result;
}

function prettyBody(body: string | undefined): string {
  if (body === undefined) return '';
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

function requestRecord(
  round: number,
  sent: { body?: string; status?: number },
  step: StepOutcome,
  error: unknown,
  signal: AbortSignal,
  request: ChatRequest,
): RequestRecord {
  const stopped = signal.aborted || (error !== null && isAbortError(error));
  const failed = error !== null && !stopped;
  const status = APICallError.isInstance(error) ? (error.statusCode ?? sent.status) : sent.status;
  return {
    round,
    body: prettyBody(sent.body),
    ok: !failed && !stopped,
    stopped,
    ...(status !== undefined ? { status } : {}),
    ...(failed
      ? { error: toChatFailure(error, { provider: request.provider.provider }).message }
      : {}),
    text: step.content,
    reasoning: step.reasoning,
    toolCalls: step.toolCalls.map((call) => ({ ...call })),
    inputTokens: step.inputTokens,
    outputTokens: step.outputTokens,
  };
}

type CommonSettings = Omit<Parameters<typeof generateText>[0], 'messages' | 'prompt'>;

/** Why no tools go with this request, or null when the model may take them. */
function toolsWithheld(
  request: ChatRequest,
  baseURL: string,
  capabilities: ModelCapabilities | null,
): string | null {
  if (request.noTools) return 'this chat is set to use no tools.';
  if (!request.toolSupport) return `${request.label} takes no tools.`;
  if (capabilities && !capabilities.tools) return `${request.model} does not support tools.`;
  if (toolsRefused(request.provider.provider, baseURL, request.model)) {
    return `${request.model} refused tools before.`;
  }
  return null;
}

/**
 * One streamed model call. It drives the provider's own stream (`doStream`: the provider's SSE
 * or NDJSON parsing, chunk validation, tool-call assembly) with the prompt and tools prepared
 * in model-call.ts, rather than `streamText`, whose extra stages (step bookkeeping, teeing, result
 * promises) cost this single-step use two thirds of its time on a fast stream (measured by
 * `npm run bench:stream`). Multi-step tool handling is the engine's own loop above.
 */
async function streamStep(
  common: CommonSettings,
  messages: ModelMessage[],
  onEvent: ChatRunOptions['onEvent'],
  step: StepOutcome,
): Promise<void> {
  const model = common.model as ModelV3;
  const prompt = await modelPrompt(
    common.system as string | undefined,
    messages,
    await model.supportedUrls,
    common.abortSignal,
  );
  const { stream } = await model.doStream({
    maxOutputTokens: common.maxOutputTokens,
    temperature: common.temperature,
    topP: common.topP,
    presencePenalty: common.presencePenalty,
    prompt,
    ...(await modelTools(common.tools)),
    abortSignal: common.abortSignal,
    providerOptions: common.providerOptions,
  });
  const reader = stream.getReader();
  let sliceStart = performance.now();
  for (;;) {
    // Parts already parsed are handed out without ending the task: give the main thread back
    // every few milliseconds (see time-slice.ts for the reading side).
    if (performance.now() - sliceStart > sliceMs) {
      await yieldToMain();
      sliceStart = performance.now();
    }
    const { done, value: part } = await reader.read();
    if (done) break;
    if (part.type === 'stream-start') {
      if (part.warnings.length)
        onEvent({ type: 'trace', label: 'warnings', message: warningText(part.warnings) });
    } else if (part.type === 'reasoning-delta') {
      step.reasoning += part.delta;
      onEvent({ type: 'reasoning', text: part.delta });
    } else if (part.type === 'text-delta') {
      step.content += part.delta;
      onEvent({ type: 'content', text: part.delta });
    } else if (part.type === 'tool-call') {
      step.toolCalls.push({
        id: part.toolCallId,
        name: part.toolName,
        args: parseArgs(part.input),
      });
    } else if (part.type === 'finish') {
      const tokens = finishTokens(part);
      step.inputTokens += tokens.input;
      step.outputTokens += tokens.output;
    } else if (part.type === 'error') {
      throw part.error;
    }
    // Other parts (start/end markers, tool input deltas, sources) carry nothing shown here.
  }
}

/** A tool call's arguments arrive as JSON text; text that is not JSON goes to the tool as is. */
function parseArgs(input: string): unknown {
  if (!input.trim()) return {};
  try {
    return JSON.parse(input) as unknown;
  } catch {
    return input;
  }
}

async function generateStep(
  common: CommonSettings,
  messages: ModelMessage[],
  onEvent: ChatRunOptions['onEvent'],
  step: StepOutcome,
): Promise<void> {
  const reply = await generateText({ ...common, messages });
  const reasoning = reply.reasoningText ?? '';
  if (reasoning) onEvent({ type: 'reasoning', text: reasoning });
  if (reply.text) onEvent({ type: 'content', text: reply.text });
  step.content = reply.text;
  step.reasoning = reasoning;
  step.toolCalls = reply.toolCalls.map((call) => ({
    id: call.toolCallId,
    name: call.toolName,
    args: call.input as unknown,
  }));
  step.inputTokens = reply.usage.inputTokens ?? 0;
  step.outputTokens = reply.usage.outputTokens ?? 0;
}
