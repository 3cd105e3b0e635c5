import { lookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { isIP } from 'node:net';
import { Agent, buildConnector } from 'undici';
import { isBlockedAddress as isMetadataAddress } from '../mcp/url-guard';
import { notPublic } from './public-addresses';

/**
 * A push subscription's endpoint is a URL the browser's push service chose, but the server
 * only sees what a client sent: an attacker could name an address inside the server's network
 * and have the server post to it. Endpoints must be https (outside tests) and reach a public
 * address (the same ranges as link previews refuse, NAT64 and 6to4 forms included) unless the
 * operator allows them
 * (PUSH_ALLOW_PRIVATE_ENDPOINTS=true, which the tests use for their local push service).
 */
export interface PushEndpointRules {
  /** Loopback and private targets allowed (tests, a push service inside the operator's network). */
  allowPrivate: boolean;
  /** Only https endpoints (every real push service is). */
  requireHttps: boolean;
}

function plainHost(hostname: string): string {
  return hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
}

function isPrivateAddress(address: string): boolean {
  const plain = plainHost(address);
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(plain)?.[1];
  const checked = mapped ?? plain;
  const family = isIP(checked);
  if (family === 0) return false;
  return notPublic.check(checked, family === 4 ? 'ipv4' : 'ipv6');
}

/** Whether `address` may be reached under `rules` (cloud metadata addresses never). */
export function addressAllowed(address: string, rules: PushEndpointRules): boolean {
  if (isMetadataAddress(address)) return false;
  return rules.allowPrivate || !isPrivateAddress(address);
}

/** Why `endpoint` may not be used, or null when it may. Every address of its name is checked. */
export async function pushEndpointRefusal(
  endpoint: string,
  rules: PushEndpointRules,
): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'The endpoint must be a URL';
  }
  if (url.protocol !== 'https:' && (rules.requireHttps || url.protocol !== 'http:')) {
    return 'The endpoint must be an https URL';
  }
  if (url.username || url.password) return 'The endpoint must not carry credentials';
  const host = plainHost(url.hostname);
  if (host === 'localhost' || host.endsWith('.localhost')) {
    return rules.allowPrivate ? null : 'The endpoint must be a public address';
  }
  const addresses = isIP(host)
    ? [host]
    : await new Promise<string[]>((resolve) => {
        lookup(host, { all: true }, (error, found) =>
          resolve(error ? [] : found.map((entry) => entry.address)),
        );
      });
  if (addresses.length === 0) return 'The endpoint’s host cannot be found';
  return addresses.every((address) => addressAllowed(address, rules))
    ? null
    : 'The endpoint must be a public address';
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * An undici dispatcher for posting to push services that checks every connection's address
 * again (a name that resolved to a public address when subscribing may not later point inside).
 */
export function guardedPushAgent(rules: PushEndpointRules): Agent {
  const guardedLookup = (hostname: string, options: LookupOptions, callback: LookupCallback) => {
    lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const bad = addresses.find((entry) => !addressAllowed(entry.address, rules));
      if (bad) {
        const refused: NodeJS.ErrnoException = new Error(`${hostname} is not a public address`);
        refused.code = 'EADDRBLOCKED';
        return callback(refused, []);
      }
      if (options.all) return callback(null, addresses);
      const [first] = addresses;
      if (!first)
        return callback(Object.assign(new Error('No address'), { code: 'ENOTFOUND' }), []);
      callback(null, first.address, first.family);
    });
  };
  const connect = buildConnector({ lookup: guardedLookup });
  return new Agent({
    connect: (options, callback) => {
      const host = plainHost(options.hostname);
      if (isIP(host) && !addressAllowed(host, rules)) {
        callback(new Error(`${host} is not a public address`), null);
        return;
      }
      connect(options, callback);
    },
  });
}
