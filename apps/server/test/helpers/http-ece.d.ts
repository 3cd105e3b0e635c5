// http_ece ships no types; the tests use its decryption only.
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';
  const ece: {
    decrypt(
      buffer: Buffer,
      params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: Buffer | string },
    ): Buffer;
  };
  export default ece;
}
