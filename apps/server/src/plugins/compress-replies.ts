import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import fp from 'fastify-plugin';
import type { FastifyReply } from 'fastify';

/** Below this many bytes a JSON reply goes as is: compressing it saves less than it costs. */
export const compressFromBytes = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

// Replies are compressed while the client waits: brotli's quality 4 compresses near gzip's
// speed and still well below its size; the top qualities are for the build's static files.
const encoders = {
  br: (bytes: Buffer) =>
    brotli(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 4,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
  gzip: (bytes: Buffer) => gzipAsync(bytes, { level: 6 }),
};

// In order of preference when the client weighs them alike.
const negotiator = new Negotiator({ supportedValues: ['br', 'gzip'] as const });

function addVary(reply: FastifyReply) {
  const vary = reply.getHeader('vary');
  const values = String(vary ?? '')
    .split(',')
    .map((v) => v.trim().toLowerCase());
  if (values.includes('accept-encoding') || values.includes('*')) return;
  void reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
}

/**
 * Compresses JSON replies of about a kilobyte and more (the chat list, pages of messages) for a
 * client whose Accept-Encoding takes br or gzip. Static files come compressed from the build
 * (web-app.ts) and streamed replies (files, whole or in ranges) go as they are; socket.io has its
 * own transport.
 */
export const compressRepliesPlugin = fp(
  async (app) => {
    app.addHook('onSend', async (request, reply, payload) => {
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
      if (reply.hasHeader('content-encoding')) return payload;
      // A part's Content-Range counts the file's own bytes; compressed, they would not match.
      if (reply.statusCode === 206) return payload;
      if (!/^application\/json\b/i.test(String(reply.getHeader('content-type') ?? ''))) {
        return payload;
      }
      const bytes = typeof payload === 'string' ? Buffer.from(payload) : payload;
      if (bytes.length < compressFromBytes) return payload;
      // Whether this reply is compressed depends on the header: caches must keep both forms.
      addVary(reply);
      const encoding = negotiator.negotiate(request.headers['accept-encoding'] ?? '');
      if (!encoding) return payload;
      const compressed = await encoders[encoding](bytes);
      void reply.header('content-encoding', encoding);
      reply.removeHeader('content-length');
      return compressed;
    });
  },
  { name: 'compress-replies' },
);
