/**
 * The reasoning of OpenAI-compatible servers picked as the "OpenAI" provider (vLLM, LM Studio,
 * OpenRouter): they send it beside the content, as `reasoning_content` (vLLM, LM Studio, like
 * DeepSeek) or `reasoning` (OpenRouter), fields the AI SDK's OpenAI provider drops. This wrapper
 * reads them from the raw chunks (streamed) or the raw reply (not streamed) and hands them on as
 * the reasoning parts the DeepSeek and Ollama providers give.
 */
import { wrapLanguageModel, type LanguageModelMiddleware } from 'ai';
import type { ModelV3 } from './model-call';

type StreamPart =
  Awaited<ReturnType<ModelV3['doStream']>>['stream'] extends ReadableStream<infer P> ? P : never;
type GenerateResult = Awaited<ReturnType<ModelV3['doGenerate']>>;

const reasoningId = 'compat-reasoning';

/** The reasoning text of a chunk's delta or a reply's message, under either name. */
function reasoningOf(value: unknown): string {
  if (typeof value !== 'object' || value === null) return '';
  const { reasoning_content: content, reasoning } = value as Record<string, unknown>;
  if (typeof content === 'string') return content;
  return typeof reasoning === 'string' ? reasoning : '';
}

function firstChoice(body: unknown): Record<string, unknown> | undefined {
  const choices = (body as { choices?: unknown } | null | undefined)?.choices;
  return Array.isArray(choices) ? (choices[0] as Record<string, unknown> | undefined) : undefined;
}

function reasoningStream(includeRaw: boolean): TransformStream<StreamPart, StreamPart> {
  let open = false;
  const close = (controller: TransformStreamDefaultController<StreamPart>) => {
    if (!open) return;
    open = false;
    controller.enqueue({ type: 'reasoning-end', id: reasoningId });
  };
  return new TransformStream({
    transform(part, controller) {
      if (part.type === 'raw') {
        // The raw chunk comes before the parts parsed from it, so the reasoning keeps its place.
        const text = reasoningOf(firstChoice(part.rawValue)?.delta);
        if (text) {
          if (!open) controller.enqueue({ type: 'reasoning-start', id: reasoningId });
          open = true;
          controller.enqueue({ type: 'reasoning-delta', id: reasoningId, delta: text });
        }
        if (includeRaw) controller.enqueue(part);
        return;
      }
      if (part.type === 'text-start' || part.type === 'tool-input-start' || part.type === 'finish')
        close(controller);
      controller.enqueue(part);
    },
    flush: close,
  });
}

const compatReasoning: LanguageModelMiddleware = {
  specificationVersion: 'v3',
  async wrapStream({ params, model }) {
    const result = await model.doStream({ ...params, includeRawChunks: true });
    return {
      ...result,
      stream: result.stream.pipeThrough(reasoningStream(params.includeRawChunks === true)),
    };
  },
  async wrapGenerate({ doGenerate }) {
    const result: GenerateResult = await doGenerate();
    const text = reasoningOf(firstChoice(result.response?.body)?.message);
    if (!text || result.content.some((part) => part.type === 'reasoning')) return result;
    return { ...result, content: [{ type: 'reasoning', text }, ...result.content] };
  },
};

export function withCompatReasoning(model: ModelV3): ModelV3 {
  return wrapLanguageModel({ model, middleware: compatReasoning });
}
