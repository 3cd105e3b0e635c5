/**
 * What a model takes beyond text (docs/product.md#model-tools): Ollama reports each model's
 * capabilities (`POST {base}/api/show` → `capabilities: ["completion", "tools", "thinking", ...]`),
 * and a model that refused tools once is not offered them again. Both are kept per provider
 * address and model for the life of the page.
 */
import type { ProviderName } from '@confab/protocol/providers';
import { APICallError } from 'ai';

export interface ModelCapabilities {
  tools: boolean;
  thinking: boolean;
  /** Takes images (docs/product.md#prompt-attachments). */
  vision: boolean;
}

const reported = new Map<string, Promise<ModelCapabilities | null>>();
const refusedTools = new Set<string>();

function key(provider: ProviderName, base: string, model: string): string {
  return `${provider} ${base.trim().replace(/\/+$/, '')} ${model}`;
}

/** Forgets what was learnt (tests start afresh). */
export function forgetModelCapabilities(): void {
  reported.clear();
  refusedTools.clear();
}

async function askOllama(
  base: string,
  model: string,
  fetchImpl: typeof fetch,
  signal: AbortSignal,
): Promise<ModelCapabilities | null> {
  try {
    const response = await fetchImpl(`${base.trim().replace(/\/+$/, '')}/api/show`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ model }),
      signal,
    });
    if (!response.ok) return null;
    const body = (await response.json()) as { capabilities?: unknown };
    if (!Array.isArray(body.capabilities)) return null;
    const list = body.capabilities.filter((c): c is string => typeof c === 'string');
    return {
      tools: list.includes('tools'),
      thinking: list.includes('thinking'),
      vision: list.includes('vision'),
    };
  } catch {
    return null;
  }
}

/**
 * The capabilities Ollama reports for a model, or null when it cannot tell (an older Ollama,
 * a model it does not know, no answer): the model is then treated as able. Answers are kept;
 * failures are asked again next time.
 */
export function ollamaCapabilities(
  base: string,
  model: string,
  signal: AbortSignal,
  fetchImpl: typeof fetch = fetch,
): Promise<ModelCapabilities | null> {
  const k = key('Ollama', base, model);
  const known = reported.get(k);
  if (known) return known;
  const asked = askOllama(base, model, fetchImpl, signal).then((caps) => {
    if (!caps) reported.delete(k);
    return caps;
  });
  reported.set(k, asked);
  return asked;
}

export function toolsRefused(provider: ProviderName, base: string, model: string): boolean {
  return refusedTools.has(key(provider, base, model));
}

export function rememberToolsRefused(provider: ProviderName, base: string, model: string): void {
  refusedTools.add(key(provider, base, model));
}

/** The provider refused the request because the model takes no tools (Ollama's 400). */
export function isToolsRefusal(error: unknown): boolean {
  if (!APICallError.isInstance(error)) return false;
  return /does not support tools/i.test(`${error.responseBody ?? ''} ${error.message}`);
}
