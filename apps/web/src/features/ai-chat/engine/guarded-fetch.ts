import type { ProviderName } from '@confab/protocol/providers';
import { ProviderUnreachableError, UnexpectedContentError } from './provider-errors';
import { coalesceDeltas, deltaWireOf } from './coalesce-deltas';
import { timeSliced } from './time-slice';

function urlOf(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  if (input instanceof URL) return input.href;
  return input.url;
}

/**
 * Watches a reply body for an error object in the stream (`data: {"error": ...}` or an NDJSON
 * line `{"error": ...}`) without changing a byte. Some providers send one with fields a
 * provider's chunk schema accepts as a normal chunk (OpenRouter's inline error), so it would
 * pass unnoticed. Scanning text for the word first keeps the cost near zero for normal chunks.
 */
function watchForErrors(body: ReadableStream<Uint8Array>, onError: (message: string) => void) {
  const decoder = new TextDecoder();
  let rest = '';
  const scan = (text: string, final: boolean) => {
    const lines = (rest + text).split('\n');
    rest = final ? '' : (lines.pop() ?? '');
    for (const line of lines) {
      if (!line.includes('"error"')) continue;
      const payload = line.replace(/^data:\s*/, '').trim();
      try {
        const value = JSON.parse(payload) as { error?: unknown };
        const error = value?.error;
        if (!error) continue;
        const message =
          typeof error === 'string'
            ? error
            : typeof (error as { message?: unknown }).message === 'string'
              ? (error as { message: string }).message
              : '';
        onError(message || 'Something went wrong');
      } catch {
        // Not a whole JSON line: not an error object.
      }
    }
  };
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        controller.enqueue(chunk);
        const text = decoder.decode(chunk, { stream: true });
        // Only lines that may hold the word are split and parsed (the word may straddle chunks).
        if ((rest.slice(-8) + text).includes('"error"') || rest.includes('"error"')) {
          scan(text, false);
          return;
        }
        const newline = text.lastIndexOf('\n');
        rest = newline < 0 ? rest + text : text.slice(newline + 1);
      },
      flush() {
        scan(decoder.decode(), true);
      },
    }),
  );
}

/**
 * The fetch the providers use. It tells apart what the AI SDK would report alike: nothing
 * answering at the address (browsers also report a CORS refusal this way, which is what a local
 * Ollama without OLLAMA_ORIGINS gives), and a 2xx web page where the API's JSON or stream was
 * expected (a base URL pointing at a website).
 */
export function guardedFetch(
  provider: ProviderName,
  inner: typeof fetch = fetch,
  onStreamError?: (message: string) => void,
): typeof fetch {
  return async (input, init) => {
    let response: Response;
    try {
      response = await inner(input, init);
    } catch (error) {
      if (init?.signal?.aborted) throw error;
      if (error instanceof TypeError) throw new ProviderUnreachableError(urlOf(input), provider);
      throw error;
    }
    if (response.ok) {
      const type = response.headers.get('content-type') ?? '';
      if (/text\/html|application\/xhtml/i.test(type)) {
        await response.body?.cancel().catch(() => undefined);
        throw new UnexpectedContentError(urlOf(input), type);
      }
      if (response.body) {
        const wire = deltaWireOf(type);
        const sliced = timeSliced(response.body);
        const merged = wire ? coalesceDeltas(sliced, wire) : sliced;
        return new Response(onStreamError ? watchForErrors(merged, onStreamError) : merged, {
          status: response.status,
          statusText: response.statusText,
          headers: response.headers,
        });
      }
    }
    return response;
  };
}
