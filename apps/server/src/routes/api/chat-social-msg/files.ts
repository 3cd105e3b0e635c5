import { Readable } from 'node:stream';
import fastifyMultipart, { type Multipart } from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplySchema } from '@confab/protocol/errors';
import {
  attachmentDisplay,
  chatIdSchema,
  fileParamsSchema,
  socialChatFailureTexts,
  socialChatRoutes,
  uploadReplySchema,
} from '@confab/protocol/social-chat';
import { AppError, badRequest } from '../../../lib/app-error';
import { readRange } from '../../../lib/byte-range';
import { contentDisposition } from '../../../lib/content-disposition';
import { ok } from '../../../lib/envelope';
import { nulCharacterMessage, nulCharacterPath } from '../../../lib/nul-guard';
import { errorHandler } from '../../../plugins/errors';
import { signedInUser } from '../../../plugins/session';

const errors = {
  400: errorReplySchema,
  401: errorReplySchema,
  404: errorReplySchema,
  413: errorReplySchema,
  415: errorReplySchema,
  429: errorReplySchema,
  507: errorReplySchema,
};

// The multipart parser's own limit errors name its internals; these say what to send instead.
const multipartMessages: Record<string, string> = {
  FST_PARTS_LIMIT: 'Send only the field chatId and one file',
  FST_FILES_LIMIT: 'Send one file at a time',
  FST_FIELDS_LIMIT: 'Send only the field chatId and one file',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'Send the file as multipart/form-data',
};

const malformedForm = 'The form is not valid multipart/form-data';

/**
 * `POST /api/chat-social-msg/files/upload` (multipart: the field `chatId`, then the field
 * `file`) and `GET /api/chat-social-msg/files/{fileId}`. Files are served with the type found
 * in their content, never sniffed, never as a page: images inline, everything else as a
 * download, in a sandbox that runs nothing.
 */
export const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  const files = app.services.files;
  app.setErrorHandler(
    errorHandler((request) =>
      request.routeOptions.url === socialChatRoutes.upload
        ? socialChatFailureTexts.uploadFile
        : undefined,
    ),
  );
  await app.register(fastifyMultipart, {
    // One byte past the cap, so the service sees that a file is too large and says so.
    limits: { fileSize: app.config.uploadMaxBytes + 1, files: 1, fields: 1, parts: 2 },
    throwFileSizeLimit: true,
  });
  app.addHook('onRequest', app.requireUser);

  app.post(
    socialChatRoutes.upload,
    {
      schema: { response: { 200: uploadReplySchema, ...errors } },
      // A large file may take long while its bytes keep coming (see plugins/body-deadline).
      config: { streamedBody: true },
    },
    async (request) => {
      if (!request.isMultipart()) {
        throw new AppError(
          415,
          'UNSUPPORTED_MEDIA_TYPE',
          multipartMessages.FST_INVALID_MULTIPART_CONTENT_TYPE!,
        );
      }
      const user = signedInUser(request);
      const parts = request.parts();
      const field = await nextPart(parts);
      if (field?.type !== 'field' || field.fieldname !== 'chatId') {
        throw badRequest('Send the field chatId first, then the file', {
          chatId: 'Give the id of a chat before the file',
        });
      }
      // The NUL guard of JSON bodies does not see multipart fields (see lib/nul-guard).
      if (nulCharacterPath(field.value) !== null) {
        throw badRequest(`chatId: ${nulCharacterMessage}`, { chatId: nulCharacterMessage });
      }
      const chatId = chatIdSchema.safeParse(field.value);
      if (!chatId.success) {
        throw badRequest(`chatId: ${chatId.error.issues[0]?.message ?? 'Invalid chat id'}`, {
          chatId: chatId.error.issues[0]?.message ?? 'Invalid chat id',
        });
      }
      // Refused before the file's bytes are read: not in the chat, too many uploads, no room.
      await files.admit(user, chatId.data, request.ip);
      const file = await nextPart(parts);
      if (file?.type !== 'file' || file.fieldname !== 'file') {
        throw badRequest('Send the file in the field named file', { file: 'Choose a file' });
      }
      try {
        const attachment = await files.store(user, chatId.data, {
          filename: file.filename,
          content: file.file,
        });
        return ok({ file: attachment });
      } catch (error) {
        // A body cut short inside the file fails the file's stream: the client's fault.
        throw error === file.file.errored ? asClientError(error) : error;
      }
    },
  );

  app.get(
    socialChatRoutes.file,
    // No response schema: the body is the file's bytes, streamed as they are.
    { schema: { params: fileParamsSchema } },
    async (request, reply) => {
      const { file, size, read } = await files.open(signedInUser(request), request.params.fileId);
      // Players (iOS Safari's above all) need ranges to play and seek audio and video.
      const asked = readRange(request.headers.range, size, {
        withIfRange: request.headers['if-range'] !== undefined,
      });
      if (asked.kind === 'unsatisfiable') {
        void reply.header('content-range', `bytes */${size}`);
        throw new AppError(
          416,
          'REQUEST_ERROR',
          `The range ${asked.spec} is not within this file of ${size} bytes`,
        );
      }
      const range = asked.kind === 'part' ? asked.range : undefined;
      if (range) {
        void reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${size}`);
      }
      // Only raster images browsers render safely are shown in place; everything else (audio and
      // video included: the players fetch them all the same) downloads when opened.
      const inline = attachmentDisplay(file.mime_type) === 'image';
      return (
        reply
          .header('accept-ranges', 'bytes')
          .header(
            'content-type',
            file.mime_type === 'text/plain' ? 'text/plain; charset=utf-8' : file.mime_type,
          )
          .header('content-length', range ? range.end - range.start + 1 : size)
          .header('x-content-type-options', 'nosniff')
          .header(
            'content-disposition',
            contentDisposition(inline ? 'inline' : 'attachment', file.original_name),
          )
          .header('content-security-policy', "default-src 'none'; sandbox")
          .header('cache-control', 'private, max-age=86400')
          // HEAD gets the same headers; Fastify drains the body it is given, so give it none to read.
          .send(request.method === 'HEAD' ? Readable.from([]) : read(range))
      );
    },
  );
};

/**
 * The next part of a multipart body; the parser's errors become readable 400s. Reading parts
 * only parses the request, so an error without a status of its own is a malformed body (the
 * parser throws plain errors such as "Unexpected end of multipart data").
 */
async function nextPart(parts: AsyncIterableIterator<Multipart>): Promise<Multipart | undefined> {
  try {
    return (await parts.next()).value as Multipart | undefined;
  } catch (error) {
    throw asClientError(error);
  }
}

function asClientError(error: unknown): unknown {
  const { code, statusCode } = error as { code?: string; statusCode?: number };
  const message = code && multipartMessages[code];
  if (message) return badRequest(message);
  if (statusCode !== undefined) return error;
  return badRequest(`${malformedForm}: ${(error as Error).message}`);
}
