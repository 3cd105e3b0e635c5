import { lookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { Agent, buildConnector, fetch as undiciFetch } from 'undici';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';

/**
 * Admin-added MCP servers are reached from inside the server's network, so their URLs must not
 * point at link-local addresses, where clouds answer with instance credentials (169.254.169.254
 * and friends). Loopback and private addresses stay allowed: an MCP server next to Confab is the
 * common case. The operator lifts the rule with MCP_ALLOW_LINK_LOCAL_URLS=true.
 */
const blockedAddresses = new BlockList();
blockedAddresses.addSubnet('169.254.0.0', 16, 'ipv4');
blockedAddresses.addSubnet('fe80::', 10, 'ipv6');
// Alibaba Cloud's metadata service, and AWS's over IPv6.
blockedAddresses.addAddress('100.100.100.200', 'ipv4');
blockedAddresses.addAddress('fd00:ec2::254', 'ipv6');

const blockedHostnames = new Set([
  'metadata',
  'metadata.google.internal',
  'metadata.goog',
  'instance-data',
  'instance-data.ec2.internal',
]);

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

export function isBlockedAddress(address: string): boolean {
  const plain = unmapped(address.replace(/^\[|\]$/g, ''));
  const family = isIP(plain);
  if (family === 0) return false;
  return blockedAddresses.check(plain, family === 4 ? 'ipv4' : 'ipv6');
}

function normalHost(hostname: string): string {
  return hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
}

const refusal = (what: string) =>
  `${what} is a link-local or cloud metadata address, which MCP servers added through the API may not use (the operator can allow it with MCP_ALLOW_LINK_LOCAL_URLS=true)`;

/**
 * Why the URL may not be used, or null when it may. Names are resolved: every address a name
 * stands for must be allowed. A name that does not resolve is left to fail when connecting.
 */
export async function urlRefusal(url: string): Promise<string | null> {
  const host = normalHost(new URL(url).hostname);
  if (blockedHostnames.has(host)) return refusal(host);
  if (isIP(host)) return isBlockedAddress(host) ? refusal(host) : null;
  const addresses = await new Promise<LookupAddress[]>((resolve) => {
    lookup(host, { all: true }, (error, found) => resolve(error ? [] : found));
  });
  const bad = addresses.find((entry) => isBlockedAddress(entry.address));
  return bad ? refusal(`${host} (${bad.address})`) : null;
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** dns.lookup that fails when the name stands for a blocked address. */
function guardedLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const bad = addresses.find((entry) => isBlockedAddress(entry.address));
    if (bad) {
      const refused: NodeJS.ErrnoException = new Error(refusal(`${hostname} (${bad.address})`));
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
  });
}

export interface GuardedFetch {
  fetch: FetchLike;
  close(): Promise<void>;
}

/**
 * fetch for the SDK's HTTP transports that refuses blocked addresses on every connection it
 * opens, whatever the name resolved to when the URL was checked (so DNS rebinding fails too).
 */
type UndiciInit = NonNullable<Parameters<typeof undiciFetch>[1]>;

export function createGuardedFetch(): GuardedFetch {
  const connect = buildConnector({ lookup: guardedLookup });
  const agent = new Agent({
    connect: (options, callback) => {
      const host = normalHost(options.hostname);
      if (blockedHostnames.has(host) || isBlockedAddress(host)) {
        callback(new Error(refusal(host)), null);
        return;
      }
      connect(options, callback);
    },
  });
  return {
    fetch: (url, init) =>
      // Node's fetch types and undici's describe the same objects in two packages.
      undiciFetch(url, {
        ...(init as UndiciInit),
        dispatcher: agent,
      }) as Promise<unknown> as Promise<Response>,
    close: () => agent.close(),
  };
}
