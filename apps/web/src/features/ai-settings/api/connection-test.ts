/**
 * "Test connection" (docs/product.md#provider-settings): asks the provider for its model list
 * and, when that fails, tells why in the provider's own words where it gave some. A browser
 * reports a refused connection and a CORS refusal alike (a TypeError); a second request in
 * `no-cors` mode tells them apart, since it succeeds whenever something answers at all.
 */
import type { ProviderSettings } from '@confab/protocol/ai-settings';
import { providers } from '@confab/protocol/providers';
import { modelNames } from '@/lib/provider-models/model-list';

export type ConnectionFailure =
  | { kind: 'unreachable'; where: string }
  | { kind: 'cors'; where: string }
  | { kind: 'status'; status: number; message: string }
  | { kind: 'notApi'; where: string }
  | { kind: 'badBase' };

export type ConnectionResult =
  { ok: true; models: string[] } | { ok: false; failure: ConnectionFailure };

function originOf(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}`;
  } catch {
    return url;
  }
}

/** The message inside an error body: `{error: {message}}`, `{error: "..."}` or `{message}`. */
function bodyMessage(text: string): string {
  try {
    const data = JSON.parse(text) as { error?: unknown; message?: unknown };
    if (typeof data.error === 'string') return data.error;
    const nested = (data.error as { message?: unknown } | undefined)?.message;
    if (typeof nested === 'string') return nested;
    if (typeof data.message === 'string') return data.message;
  } catch {
    // Not JSON: an HTML page or a proxy's text is not a message for the user.
  }
  return '';
}

export async function testConnection(
  settings: ProviderSettings,
  fetchImpl: typeof fetch = (input, init) => globalThis.fetch(input, init),
): Promise<ConnectionResult> {
  const base = settings.base.trim().replace(/\/+$/, '');
  let url: string;
  try {
    url = new URL(`${base}${providers[settings.provider].modelListPath}`).href;
  } catch {
    return { ok: false, failure: { kind: 'badBase' } };
  }
  const key = settings.key.trim();
  const where = originOf(url);
  let response: Response;
  try {
    response = await fetchImpl(url, {
      headers: key && settings.provider !== 'Ollama' ? { Authorization: `Bearer ${key}` } : {},
    });
  } catch {
    try {
      await fetchImpl(url, { mode: 'no-cors' });
      return { ok: false, failure: { kind: 'cors', where } };
    } catch {
      return { ok: false, failure: { kind: 'unreachable', where } };
    }
  }
  if (!response.ok) {
    const message = bodyMessage(await response.text().catch(() => ''));
    return { ok: false, failure: { kind: 'status', status: response.status, message } };
  }
  try {
    return { ok: true, models: modelNames(await response.json()) };
  } catch {
    return { ok: false, failure: { kind: 'notApi', where: url } };
  }
}
