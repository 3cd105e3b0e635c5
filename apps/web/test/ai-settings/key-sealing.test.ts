import { sealedKeysSchema } from '@confab/protocol/ai-history';
import { describe, expect, it } from 'vitest';
import {
  deriveSealingKey,
  openKeys,
  openWithPassphrase,
  sealKeys,
  sealingIterations,
  WrongPassphraseError,
} from '@/features/ai-settings/lib/key-sealing';

const keys = {
  OpenAI: { key: 'sk-live-1234567890', secret: '' },
  DeepSeek: { key: 'ds-9', secret: 's' },
};

// docs/product.md#settings-and-key-sync: keys leave the browser sealed with the passphrase.
describe('sealing API keys with a passphrase', () => {
  it('seals into the protocol shape without the plaintext, and opens with the same passphrase on another device', async () => {
    const here = await deriveSealingKey('correct horse battery');
    const sealed = await sealKeys(here, keys);
    expect(sealedKeysSchema.parse(sealed)).toEqual(sealed);
    expect(sealed).toMatchObject({
      version: 1,
      kdf: 'PBKDF2-SHA256',
      iterations: sealingIterations,
    });
    expect(atob(sealed.salt)).toHaveLength(16);
    expect(atob(sealed.iv)).toHaveLength(12);
    expect(JSON.stringify(sealed)).not.toContain('sk-live');
    expect(atob(sealed.ciphertext)).not.toContain('sk-live');
    // The key is kept, not the passphrase, and cannot be read back out.
    expect(here.key.extractable).toBe(false);

    const there = await openWithPassphrase('correct horse battery', sealed);
    expect(there.keys).toEqual(keys);
    expect(await openKeys(here, sealed)).toEqual(keys);
  });

  it('uses a fresh iv for every seal', async () => {
    const sealing = await deriveSealingKey('correct horse battery');
    const first = await sealKeys(sealing, keys);
    const second = await sealKeys(sealing, keys);
    expect(second.iv).not.toBe(first.iv);
    expect(second.ciphertext).not.toBe(first.ciphertext);
  });

  it('refuses a wrong passphrase with a clear error', async () => {
    const sealed = await sealKeys(await deriveSealingKey('correct horse battery'), keys);
    await expect(openWithPassphrase('wrong horse battery', sealed)).rejects.toThrow(
      WrongPassphraseError,
    );
    await expect(openWithPassphrase('wrong horse battery', sealed)).rejects.toThrow(
      'The passphrase does not open the synced API keys',
    );
  });

  it('refuses a ciphertext altered by one bit, and one moved to another iv', async () => {
    const sealing = await deriveSealingKey('correct horse battery');
    const sealed = await sealKeys(sealing, keys);
    const bytes = Uint8Array.from(atob(sealed.ciphertext), (c) => c.charCodeAt(0));
    bytes[3]! ^= 1;
    const flipped = { ...sealed, ciphertext: btoa(String.fromCharCode(...bytes)) };
    await expect(openKeys(sealing, flipped)).rejects.toThrow(WrongPassphraseError);
    const other = await sealKeys(sealing, keys);
    await expect(openKeys(sealing, { ...sealed, iv: other.iv })).rejects.toThrow(
      WrongPassphraseError,
    );
  });
});
