import { lookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { isIP, type BlockList } from 'node:net';
import { Agent, buildConnector } from 'undici';

/**
 * Which addresses an outgoing request of the server may reach, checked on every connection it
 * opens (each redirect hop's too), against the addresses its name resolved to at that moment,
 * so a name that resolves to a public address when checked and to a private one when used
 * (DNS rebinding) fails all the same. Shared by the MCP client and link previews.
 */
export interface AddressRules {
  blocked: BlockList;
  blockedHostnames: ReadonlySet<string>;
  /**
   * Exceptions the operator made: `host:port` (`127.0.0.1:8080`, `[::1]:8080`) or a bare
   * address (every port). Checked against the resolved address and the port connected to.
   */
  allowed?: readonly string[];
  /** Why `what` (a name, an address) may not be reached, for the error. */
  refusal: (what: string) => string;
  /** Resolves names; `dns.lookup` when absent. */
  lookup?: DnsLookup;
}

/** The shape of `dns.lookup` asked for every address of a name. */
export type DnsLookup = (
  hostname: string,
  options: LookupOptions & { all: true },
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

/**
 * Every address of `hostname`, or the signal's reason once it ends. `dns.lookup` runs in
 * libuv's thread pool and cannot be cancelled, and a name whose DNS never answers would hold
 * the caller as long as the system resolver waits: the caller stops waiting at its deadline.
 */
function resolveAll(
  rules: AddressRules,
  hostname: string,
  options: LookupOptions,
  signal?: AbortSignal,
): Promise<LookupAddress[]> {
  const resolver = rules.lookup ?? lookup;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const stop = () => reject(signal?.reason as Error);
    signal?.addEventListener('abort', stop, { once: true });
    resolver(hostname, { ...options, all: true }, (error, addresses) => {
      signal?.removeEventListener('abort', stop);
      if (error) reject(error);
      else resolve(addresses);
    });
  });
}

/** An IPv4 address written as IPv6 (::ffff:a.b.c.d or ::ffff:7f00:1) is checked as IPv4. */
function unmapped(address: string): string {
  const match = /^::ffff:(.+)$/i.exec(address);
  if (!match?.[1]) return address;
  const rest = match[1];
  if (isIP(rest) === 4) return rest;
  const hex = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(rest);
  if (!hex?.[1] || !hex[2]) return address;
  const high = parseInt(hex[1], 16);
  const low = parseInt(hex[2], 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

export function normalHost(hostname: string): string {
  return hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
}

function isAllowed(rules: AddressRules, address: string, port: number | null): boolean {
  if (!rules.allowed?.length) return false;
  const plain = unmapped(normalHost(address));
  const shown = isIP(plain) === 6 ? `[${plain}]` : plain;
  return rules.allowed.some(
    (entry) =>
      entry === plain || entry === shown || (port !== null && entry === `${shown}:${port}`),
  );
}

/** Whether `address` (an IP address; names are not addresses) is refused, at `port`. */
export function isBlockedBy(rules: AddressRules, address: string, port: number | null = null) {
  const plain = unmapped(normalHost(address));
  const family = isIP(plain);
  if (family === 0) return false;
  if (isAllowed(rules, plain, port)) return false;
  return rules.blocked.check(plain, family === 4 ? 'ipv4' : 'ipv6');
}

const portOf = (url: URL) =>
  url.port
    ? Number(url.port)
    : url.protocol === 'https:'
      ? 443
      : url.protocol === 'http:'
        ? 80
        : null;

/**
 * Why the URL may not be used, or null when it may. Names are resolved: every address a name
 * stands for must be allowed. A name that does not resolve is left to fail when connecting;
 * one still resolving when `signal` ends throws its reason.
 */
export async function urlRefusalBy(
  rules: AddressRules,
  url: string,
  signal?: AbortSignal,
): Promise<string | null> {
  const parsed = new URL(url);
  const host = normalHost(parsed.hostname);
  const port = portOf(parsed);
  if (rules.blockedHostnames.has(host)) return rules.refusal(host);
  if (isIP(host)) return isBlockedBy(rules, host, port) ? rules.refusal(host) : null;
  const addresses = await resolveAll(rules, host, {}, signal).catch((error: unknown) => {
    if (signal?.aborted) throw error;
    return [];
  });
  const bad = addresses.find((entry) => isBlockedBy(rules, entry.address, port));
  return bad ? rules.refusal(`${host} (${bad.address})`) : null;
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * dns.lookup that fails when the name stands for a blocked address at `port`, or has not
 * answered within `timeoutMs` (when given).
 */
function guardedLookup(rules: AddressRules, port: number | null, timeoutMs: number | null) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    const signal = timeoutMs ? AbortSignal.timeout(timeoutMs) : undefined;
    resolveAll(rules, hostname, options, signal).then(
      (addresses) => answer(null, addresses),
      (error: NodeJS.ErrnoException) =>
        answer(
          signal?.aborted
            ? Object.assign(new Error(`${hostname}: the name lookup took too long`), {
                code: 'ETIMEOUT',
              })
            : error,
          [],
        ),
    );
    function answer(error: NodeJS.ErrnoException | null, addresses: LookupAddress[]): void {
      if (error) return callback(error, []);
      const bad = addresses.find((entry) => isBlockedBy(rules, entry.address, port));
      if (bad) {
        const refused: NodeJS.ErrnoException = new Error(
          rules.refusal(`${hostname} (${bad.address})`),
        );
        refused.code = 'EADDRBLOCKED';
        return callback(refused, []);
      }
      if (options.all) return callback(null, addresses);
      const [first] = addresses;
      if (!first)
        return callback(
          Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }),
          [],
        );
      callback(null, first.address, first.family);
    }
  };
}

/**
 * An undici dispatcher whose every connection passes the rules: a literal address at once,
 * a name once resolved (all its addresses), whatever it resolved to when the URL was checked.
 * The name lookup ends with `connectTimeout` (when given), like the connection.
 */
export function guardedAgent(rules: AddressRules, options: Agent.Options = {}): Agent {
  const connectors = new Map<number | null, buildConnector.connector>();
  const connectorFor = (port: number | null) => {
    let connector = connectors.get(port);
    if (!connector) {
      connector = buildConnector({
        lookup: guardedLookup(rules, port, options.connectTimeout ?? null),
      });
      connectors.set(port, connector);
    }
    return connector;
  };
  return new Agent({
    ...options,
    connect: (connectOptions, callback) => {
      const host = normalHost(connectOptions.hostname);
      const port = connectOptions.port
        ? Number(connectOptions.port)
        : connectOptions.protocol === 'https:'
          ? 443
          : 80;
      if (rules.blockedHostnames.has(host) || isBlockedBy(rules, host, port)) {
        callback(new Error(rules.refusal(host)), null);
        return;
      }
      connectorFor(port)(connectOptions, callback);
    },
  });
}
