import { createServer, type Server } from 'node:http';
import { tinyPng } from './chat-room';

/**
 * The web site link previews are fetched from: a page with Open Graph tags and its image, on
 * the one local address the server's guard allows (E2E_PREVIEW_PORT, playwright.config.ts).
 */
export async function startPreviewSite(): Promise<{ origin: string; close: () => void }> {
  const port = Number(process.env.E2E_PREVIEW_PORT);
  const server: Server = createServer((request, response) => {
    if (request.url === '/article') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(`<!doctype html><html><head>
        <title>Ignored title</title>
        <meta property="og:title" content="Spring <b>release</b> notes: what changed">
        <meta property="og:description" content="Faster sync, smaller uploads and a new look for the chat room, explained with examples.">
        <meta property="og:site_name" content="Example News">
        <meta property="og:image" content="/cover.png">
      </head><body></body></html>`);
      return;
    }
    if (request.url === '/cover.png') {
      response.writeHead(200, { 'content-type': 'image/png' });
      response.end(tinyPng);
      return;
    }
    response.writeHead(404);
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${port}`, close: () => server.close() };
}
