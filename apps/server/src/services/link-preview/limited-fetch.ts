import type { Agent } from 'undici';
import { fetch } from 'undici';
import type { AddressRules } from '../../lib/address-guard';
import { urlRefusalBy } from '../../lib/address-guard';

const maxRedirects = 5;

export interface FetchedBody {
  /** The address the body came from, after redirects. */
  url: string;
  contentType: string;
  bytes: Buffer;
  /** True when the body went on past `maxBytes` (only the first `maxBytes` are here). */
  cut: boolean;
}

/**
 * GET `url` for the server itself: each redirect hop checked against the rules before it is
 * asked (and its connection again, in the dispatcher, against the address it resolved to), at
 * most `maxBytes` of the body read, all of it within `signal`. Null when refused, failed, not
 * 2xx, or of another type than `accept` allows.
 */
export async function limitedFetch(
  url: string,
  options: {
    rules: AddressRules;
    dispatcher: Agent;
    signal: AbortSignal;
    maxBytes: number;
    accept: string;
    acceptType: (contentType: string) => boolean;
    /** When the body may not go past `maxBytes` at all (an image): null instead of cut. */
    whole?: boolean;
  },
): Promise<FetchedBody | null> {
  let current = url;
  for (let hop = 0; hop <= maxRedirects; hop += 1) {
    const address = new URL(current);
    if (address.protocol !== 'http:' && address.protocol !== 'https:') return null;
    if (address.username || address.password) return null;
    if (await urlRefusalBy(options.rules, current, options.signal)) return null;
    const response = await fetch(current, {
      dispatcher: options.dispatcher,
      signal: options.signal,
      redirect: 'manual',
      headers: {
        accept: options.accept,
        'user-agent': 'ConfabLinkPreview/1.0 (+link previews)',
      },
    });
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel();
      const location = response.headers.get('location');
      if (!location) return null;
      current = new URL(location, current).href;
      continue;
    }
    const contentType = (response.headers.get('content-type') ?? '').toLowerCase();
    if (!response.ok || !options.acceptType(contentType) || !response.body) {
      await response.body?.cancel();
      return null;
    }
    const declared = Number(response.headers.get('content-length'));
    if (options.whole && declared > options.maxBytes) {
      await response.body.cancel();
      return null;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let cut = false;
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = (await reader.read()) as { done: boolean; value?: Uint8Array };
      if (done || !value) break;
      const room = options.maxBytes - size;
      if (value.length > room) {
        chunks.push(Buffer.from(value.subarray(0, room)));
        cut = true;
        await reader.cancel();
        break;
      }
      chunks.push(Buffer.from(value));
      size += value.length;
    }
    if (cut && options.whole) return null;
    return { url: current, contentType, bytes: Buffer.concat(chunks), cut };
  }
  return null;
}
