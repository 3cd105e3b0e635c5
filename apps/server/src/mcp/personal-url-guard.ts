import type { AddressRules } from '../lib/address-guard';
import { urlRefusalBy } from '../lib/address-guard';
import { notPublic } from '../lib/public-addresses';
import { metadataHostnames } from './url-guard';

/** Shown for a refused address: what lies behind Confab's network stays unsaid. */
export const personalRefusedMessage = 'could not connect';

const blockedHostnames: ReadonlySet<string> = new Set([
  ...metadataHostnames,
  'localhost',
  'localhost.localdomain',
]);

/**
 * A user's own server is reached from inside Confab's network on a URL any user typed, so it
 * may be on the public internet only: loopback, private, link-local and reserved addresses are
 * refused (else any user could probe Redis, the database or the cloud's metadata service). The
 * refusal names neither the address a name resolved to nor whether anything answers there.
 */
export const personalConnectRules: AddressRules = {
  blocked: notPublic,
  blockedHostnames,
  refusal: () => personalRefusedMessage,
};

const personalAddRules: AddressRules = {
  ...personalConnectRules,
  refusal: () => 'this address is not public: servers of your own must be on the public internet',
};

/** Why a user may not add a server at this URL, or null when they may. */
export function personalUrlRefusal(url: string): Promise<string | null> {
  return urlRefusalBy(personalAddRules, url);
}
