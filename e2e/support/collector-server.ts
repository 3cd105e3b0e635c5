import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tinyPng } from './chat-room';

export interface CollectedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

/**
 * An attacker's server on another host than the app (127.0.0.2 by default): it records every
 * request and answers with a small PNG, so an image pointed at it would load if anything let it.
 */
export async function startCollector(host = '127.0.0.2') {
  const requests: CollectedRequest[] = [];
  const server = createServer((request, response) => {
    requests.push({
      method: request.method ?? '',
      url: request.url ?? '',
      headers: request.headers,
    });
    response.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'no-store' });
    response.end(tinyPng);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://${host}:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
