import { BlockList } from 'node:net';
import { fetch as undiciFetch } from 'undici';
import type { FetchLike } from '@modelcontextprotocol/client';
import { guardedAgent, isBlockedBy, urlRefusalBy, type AddressRules } from '../lib/address-guard';

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

/** Names of cloud metadata services, refused whatever they resolve to. */
export const metadataHostnames: ReadonlySet<string> = new Set([
  'metadata',
  'metadata.google.internal',
  'metadata.goog',
  'instance-data',
  'instance-data.ec2.internal',
]);

const mcpRules: AddressRules = {
  blocked: blockedAddresses,
  blockedHostnames: metadataHostnames,
  refusal: (what) =>
    `${what} is a link-local or cloud metadata address, which MCP servers added through the API may not use (the operator can allow it with MCP_ALLOW_LINK_LOCAL_URLS=true)`,
};

export function isBlockedAddress(address: string): boolean {
  return isBlockedBy(mcpRules, address);
}

/**
 * Why the URL may not be used, or null when it may. Names are resolved: every address a name
 * stands for must be allowed. A name that does not resolve is left to fail when connecting.
 */
export function urlRefusal(url: string): Promise<string | null> {
  return urlRefusalBy(mcpRules, url);
}

export interface GuardedFetch {
  fetch: FetchLike;
  close(): Promise<void>;
}

type UndiciInit = NonNullable<Parameters<typeof undiciFetch>[1]>;

/**
 * fetch for the SDK's HTTP transports that refuses blocked addresses on every connection it
 * opens, whatever the name resolved to when the URL was checked (so DNS rebinding fails too).
 */
export function createGuardedFetch(rules: AddressRules = mcpRules): GuardedFetch {
  const agent = guardedAgent(rules);
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
