/**
 * The provider's models (docs/product.md#provider-calls): GET {base}/api/tags (Ollama) or
 * GET {base}/models
 * (OpenAI-style), reading models[].name or data[].id. A failure is logged and yields an empty
 * list; the user can still type a model.
 */
import type { ProviderSettings } from '@confab/protocol/ai-settings';
import { providers } from '@confab/protocol/providers';

export function modelNames(body: unknown): string[] {
  const record = (body ?? {}) as { models?: unknown; data?: unknown };
  const list = Array.isArray(record.models)
    ? record.models
    : Array.isArray(record.data)
      ? record.data
      : [];
  const out: string[] = [];
  for (const item of list as Array<{ name?: unknown; id?: unknown }>) {
    const name =
      typeof item?.name === 'string' ? item.name : typeof item?.id === 'string' ? item.id : null;
    if (name && !out.includes(name)) out.push(name);
  }
  return out.sort((a, b) => a.localeCompare(b));
}

export async function fetchModelList(
  settings: ProviderSettings,
  fetchImpl: typeof fetch = fetch,
): Promise<string[]> {
  try {
    const base = settings.base.trim().replace(/\/+$/, '');
    const url = `${base}${providers[settings.provider].modelListPath}`;
    const key = settings.key.trim();
    const response = await fetchImpl(url, {
      headers: key && settings.provider !== 'Ollama' ? { Authorization: `Bearer ${key}` } : {},
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return modelNames(await response.json());
  } catch (error) {
    console.warn(`The model list of ${settings.provider} could not be fetched.`, error);
    return [];
  }
}
