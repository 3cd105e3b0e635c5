import { BlockList } from 'node:net';
import { metadataHostnames } from '../mcp/url-guard';
import type { AddressRules } from './address-guard';

/**
 * Everything that is not the public internet: loopback, private, carrier-grade NAT, link-local
 * (cloud metadata), unique-local, multicast, reserved and documentation ranges, and the IPv6
 * forms that carry an IPv4 address inside (NAT64, 6to4), which could point back inside.
 */
export const notPublic = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  notPublic.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  notPublic.addSubnet(network, prefix, 'ipv6');
}

const blockedNames = new Set([...metadataHostnames, 'localhost', 'localhost.localdomain']);

/**
 * Rules for fetching what users name (link previews): public addresses only, except the
 * `allowed` ones the operator listed.
 */
export function publicAddressRules(allowed: readonly string[]): AddressRules {
  return {
    blocked: notPublic,
    blockedHostnames: blockedNames,
    allowed,
    refusal: (what) =>
      `${what} is not a public address; link previews are fetched only from the public internet (the operator can allow an address with LINK_PREVIEW_ALLOWED_ADDRESSES)`,
  };
}
