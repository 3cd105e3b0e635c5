import { createECDH, createPublicKey, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
// http_ece decrypts RFC 8188 content, which RFC 8291 (Web Push encryption) builds on.
import ece from 'http_ece';

export interface ReceivedPush {
  /** The payload as the device decrypts it (RFC 8291, aes128gcm). */
  payload: unknown;
  headers: IncomingHttpHeaders;
  /** The VAPID token's claims, after its signature was checked with `k` (RFC 8292). */
  claims: { aud: string; exp: number; sub: string };
  /** The VAPID public key the request named (`k=`). */
  publicKey: string;
}

function b64url(bytes: Buffer): string {
  return bytes.toString('base64url');
}

/** Checks `vapid t=…, k=…` (RFC 8292): an ES256 JWT signed by the key `k` names. */
function readVapid(header: string | undefined): {
  claims: ReceivedPush['claims'];
  publicKey: string;
} {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match?.[1] || !match[2]) throw new Error(`Not a VAPID authorization: ${header}`);
  const [token, publicKey] = [match[1], match[2]];
  const [head, body, signature] = token.split('.');
  if (!head || !body || !signature) throw new Error('Not a JWT');
  const point = Buffer.from(publicKey, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('k is not an uncompressed P-256 key');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: b64url(point.subarray(1, 33)),
      y: b64url(point.subarray(33)),
    },
    format: 'jwk',
  });
  const header64 = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg: string };
  if (header64.alg !== 'ES256') throw new Error(`alg ${header64.alg}`);
  const valid = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) throw new Error('The VAPID signature does not verify');
  return {
    claims: JSON.parse(Buffer.from(body, 'base64url').toString()) as ReceivedPush['claims'],
    publicKey,
  };
}

/**
 * A push service on 127.0.0.1 for one device: the subscription a browser would hand the app
 * (a fresh P-256 key pair and auth secret), and every push posted to it, decrypted and its
 * VAPID token checked. `status` is what it answers (201 by default; 410 when the device is gone).
 */
export async function startPushEndpoint() {
  const device = createECDH('prime256v1');
  device.generateKeys();
  const auth = randomBytes(16);
  const received: ReceivedPush[] = [];
  const waiting: ((push: ReceivedPush) => void)[] = [];
  const state = { status: 201 };
  let read = 0;
  const deliver = () => {
    while (waiting.length > 0 && read < received.length) waiting.shift()?.(received[read++]!);
  };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      try {
        const vapid = readVapid(request.headers.authorization);
        const plain = ece.decrypt(Buffer.concat(chunks), {
          version: 'aes128gcm',
          privateKey: device,
          authSecret: auth,
        });
        const push = {
          payload: JSON.parse(plain.toString('utf8')) as unknown,
          headers: request.headers,
          ...vapid,
        };
        received.push(push);
        deliver();
        response.writeHead(state.status).end();
      } catch (error) {
        response.writeHead(400).end(String(error));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}/push/${b64url(randomBytes(8))}`;
  return {
    state,
    received,
    subscription: {
      endpoint,
      expirationTime: null,
      keys: { p256dh: b64url(device.getPublicKey()), auth: b64url(auth) },
    },
    /** The next push to arrive (or one already arrived and not yet read). */
    next: () =>
      new Promise<ReceivedPush>((resolve) => {
        waiting.push(resolve);
        deliver();
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
