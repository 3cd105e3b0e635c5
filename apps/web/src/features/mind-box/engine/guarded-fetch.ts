import type { ProviderName } from '@confab/protocol/providers';
import { ProviderUnreachableError, UnexpectedContentError } from './provider-errors';

function urlOf(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  if (input instanceof URL) return input.href;
  return input.url;
}

/**
 * The fetch the providers use. It tells apart what the AI SDK would report alike: nothing
 * answering at the address (browsers also report a CORS refusal this way, which is what a local
 * Ollama without OLLAMA_ORIGINS gives), and a 2xx web page where the API's JSON or stream was
 * expected (a base URL pointing at a website).
 */
export function guardedFetch(provider: ProviderName, inner: typeof fetch = fetch): typeof fetch {
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
    }
    return response;
  };
}
