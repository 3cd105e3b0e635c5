import { isIP } from 'node:net';

/**
 * Which proxies' X-Forwarded-* headers are believed: none (false), the nearest `n` hops, or
 * the proxies at these addresses or CIDR ranges. Trusting every hop is not offered: the client
 * writes the first entries of X-Forwarded-For itself, so it could pick the address its
 * requests are counted under.
 */
export type TrustProxy = false | number | string[];

const help =
  'TRUST_PROXY must be a number of proxies in front of the app (1 for one reverse proxy) or ' +
  'their addresses or CIDR ranges separated by commas (127.0.0.1,10.0.0.0/8)';

export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = raw?.trim() ?? '';
  if (value === '' || value === 'false' || value === '0') return false;
  // "true" trusted every hop before; one proxy in front of the app is what it meant.
  if (value === 'true') return 1;
  if (/^\d+$/.test(value)) return Number(value);
  const proxies = value.split(',').map((entry) => entry.trim());
  const wrong = proxies.find((entry) => !isAddressOrRange(entry));
  if (wrong !== undefined) throw new Error(`${help}; got "${wrong}"`);
  return proxies;
}

function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d+$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** Fastify's `trustProxy` option for a setting. */
export function fastifyTrustProxy(
  trust: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  // Fastify takes a bare number as "trust nothing" (it cannot check the nearest peer), so the
  // hops are counted here: the socket's peer is hop 0, each X-Forwarded-For entry from the
  // right one more. The first untrusted one is the client.
  return (_address, hop) => hop < trust;
}
