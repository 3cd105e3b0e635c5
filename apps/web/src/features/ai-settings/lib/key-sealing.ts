/**
 * API keys sealed in the browser for key sync (docs/product.md#settings-and-key-sync): a key is
 * derived from the user's passphrase (PBKDF2-SHA256, 600,000 iterations, a random 16-byte
 * salt) and seals JSON of `{provider: {key, secret}}` with AES-GCM (a random 12-byte iv). The
 * server receives the ciphertext only; the passphrase never leaves this module, and the derived
 * key is non-extractable, so even this page cannot read it back out.
 */
import type { SealedKeys } from '@confab/protocol/ai-history';
import { providerNames, type ProviderName } from '@confab/protocol/providers';
import { z } from 'zod';

export const sealingIterations = 600_000;
/** Binds the ciphertext to its format: a blob of another format or version does not open. */
const additionalData = new TextEncoder().encode('confab-sealed-keys-v1');

export type ProviderKeys = Partial<Record<ProviderName, { key: string; secret: string }>>;

const providerKeysSchema = z.partialRecord(
  z.enum(providerNames),
  z.object({ key: z.string(), secret: z.string() }),
);

/** The key derived from a passphrase, kept on this device instead of the passphrase. */
export interface SealingKey {
  key: CryptoKey;
  /** The salt and iterations it was derived with (base64): sealed blobs carry them. */
  salt: string;
  iterations: number;
}

/** The passphrase does not open the sealed keys (or they were altered on the way). */
export class WrongPassphraseError extends Error {
  constructor() {
    super('The passphrase does not open the synced API keys');
    this.name = 'WrongPassphraseError';
  }
}

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** Derives the sealing key; a new random salt unless one is given (to open existing keys). */
export async function deriveSealingKey(
  passphrase: string,
  salt: string = toBase64(crypto.getRandomValues(new Uint8Array(16))),
  iterations = sealingIterations,
): Promise<SealingKey> {
  const material = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(passphrase),
    'PBKDF2',
    false,
    ['deriveKey'],
  );
  const key = await crypto.subtle.deriveKey(
    { name: 'PBKDF2', hash: 'SHA-256', salt: fromBase64(salt), iterations },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
  return { key, salt, iterations };
}

export async function sealKeys(sealing: SealingKey, keys: ProviderKeys): Promise<SealedKeys> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const ciphertext = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData },
    sealing.key,
    new TextEncoder().encode(JSON.stringify(keys)),
  );
  return {
    version: 1,
    kdf: 'PBKDF2-SHA256',
    iterations: sealing.iterations,
    salt: sealing.salt,
    iv: toBase64(iv),
    ciphertext: toBase64(new Uint8Array(ciphertext)),
  };
}

/** Opens sealed keys; a wrong key or altered ciphertext throws WrongPassphraseError. */
export async function openKeys(sealing: SealingKey, sealed: SealedKeys): Promise<ProviderKeys> {
  let plain: ArrayBuffer;
  try {
    plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: fromBase64(sealed.iv), additionalData },
      sealing.key,
      fromBase64(sealed.ciphertext),
    );
  } catch {
    // AES-GCM tells nothing more than "does not authenticate": a wrong passphrase or tampering.
    throw new WrongPassphraseError();
  }
  return providerKeysSchema.parse(JSON.parse(new TextDecoder().decode(plain)));
}

/** Opens keys sealed on another device with the passphrase typed here. */
export async function openWithPassphrase(
  passphrase: string,
  sealed: SealedKeys,
): Promise<{ keys: ProviderKeys; sealing: SealingKey }> {
  const sealing = await deriveSealingKey(passphrase, sealed.salt, sealed.iterations);
  return { keys: await openKeys(sealing, sealed), sealing };
}
