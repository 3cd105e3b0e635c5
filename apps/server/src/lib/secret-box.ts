import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const prefix = 'enc:v1:';
const ivBytes = 12;
const tagBytes = 16;

/** A sealed value did not open: another key sealed it, or it was changed. */
export class SecretBoxError extends Error {}

/**
 * Secrets stored in the database (MCP header values) are sealed with AES-256-GCM: a leaked
 * database or backup does not give them away, and a value sealed with another key (or
 * tampered with) fails to open rather than turning into garbage. `context` (the row's key)
 * is bound to the value, so a sealed value copied to another row does not open there.
 */
export class SecretBox {
  constructor(
    private readonly key: Buffer,
    /** Where the key came from, for error messages. */
    readonly source: string,
  ) {
    if (key.length !== 32) throw new Error('The secret key must be 32 bytes');
  }

  static isSealed(text: string): boolean {
    return text.startsWith(prefix);
  }

  seal(plain: string, context: string): string {
    const iv = randomBytes(ivBytes);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(context));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return prefix + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
  }

  open(sealed: string, context: string): string {
    if (!SecretBox.isSealed(sealed)) throw new SecretBoxError('The value is not sealed');
    const bytes = Buffer.from(sealed.slice(prefix.length), 'base64');
    if (bytes.length < ivBytes + tagBytes)
      throw new SecretBoxError('The sealed value is cut short');
    const decipher = createDecipheriv('aes-256-gcm', this.key, bytes.subarray(0, ivBytes));
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(bytes.subarray(ivBytes, ivBytes + tagBytes));
    try {
      const body = bytes.subarray(ivBytes + tagBytes);
      return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretBoxError(
        `A stored secret cannot be decrypted with the key from ${this.source}`,
      );
    }
  }
}
