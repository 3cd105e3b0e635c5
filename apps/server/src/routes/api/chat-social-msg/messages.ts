import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  batchMessagesBodySchema,
  batchMessagesReplySchema,
  chatParamsSchema,
  editMessageBodySchema,
  listMessagesQuerySchema,
  listMessagesReplySchema,
  messageParamsSchema,
  messageReplySchema,
  readMessagesBodySchema,
  readReplySchema,
  searchMessagesQuerySchema,
  searchMessagesReplySchema,
  sendMessageBodySchema,
  sendMessageReplySchema,
  socialChatRoutes,
} from '@confab/protocol/social-chat';
import { ok } from '../../../lib/envelope';
import { signedInUser } from '../../../plugins/session';
import { socialChatErrors as errors, socialChatRouteGroup } from '../../social-chat-group';

/**
 * `/api/chat-social-msg/{chatId}/messages...` and `/batchMessages`: a chat's messages, in the
 * `{statusCode, data, message}` envelope. Error messages start with the operation's fixed
 * failure text (docs/product.md#failure-texts).
 */
export const socialMessagesRoutes: FastifyPluginAsyncZod = async (app) => {
  socialChatRouteGroup(app);
  const messages = app.services.messages;

  app.post(
    socialChatRoutes.messages,
    {
      schema: {
        params: chatParamsSchema,
        body: sendMessageBodySchema,
        response: { 200: sendMessageReplySchema, ...errors },
      },
    },
    async (request) => {
      const { content, type, clientId, fileId, replyToId, ai } = request.body;
      const newMessage = await messages.send(signedInUser(request), {
        chatId: request.params.chatId,
        content,
        ai,
        contentType: type,
        clientId,
        fileId,
        replyToId,
      });
      return ok({ newMessage });
    },
  );

  app.get(
    socialChatRoutes.messages,
    {
      schema: {
        params: chatParamsSchema,
        querystring: listMessagesQuerySchema,
        response: { 200: listMessagesReplySchema, ...errors },
      },
    },
    async (request) =>
      ok(await messages.page(signedInUser(request), request.params.chatId, request.query)),
  );

  app.post(
    socialChatRoutes.batchMessages,
    {
      schema: {
        body: batchMessagesBodySchema,
        response: { 200: batchMessagesReplySchema, ...errors },
      },
    },
    async (request) => {
      const { chatIds, limit, messageId } = request.body;
      const messagesMap = await messages.batch(signedInUser(request), chatIds, limit, messageId);
      return ok({ messagesMap });
    },
  );

  app.put(
    socialChatRoutes.message,
    {
      schema: {
        params: messageParamsSchema,
        body: editMessageBodySchema,
        response: { 200: messageReplySchema, ...errors },
      },
    },
    async (request) => {
      const { chatId, messageId } = request.params;
      const user = signedInUser(request);
      return ok({ message: await messages.edit(user, chatId, messageId, request.body.content) });
    },
  );

  app.delete(
    socialChatRoutes.message,
    { schema: { params: messageParamsSchema, response: { 200: messageReplySchema, ...errors } } },
    async (request) => {
      const { chatId, messageId } = request.params;
      return ok({ message: await messages.remove(signedInUser(request), chatId, messageId) });
    },
  );

  app.post(
    socialChatRoutes.read,
    {
      schema: {
        params: chatParamsSchema,
        body: readMessagesBodySchema,
        response: { 200: readReplySchema, ...errors },
      },
    },
    async (request) =>
      ok(await messages.read(signedInUser(request), request.params.chatId, request.body.messageId)),
  );

  app.post(
    socialChatRoutes.readAll,
    { schema: { params: chatParamsSchema, response: { 200: readReplySchema, ...errors } } },
    async (request) => ok(await messages.readAll(signedInUser(request), request.params.chatId)),
  );

  app.get(
    socialChatRoutes.search,
    {
      schema: {
        params: chatParamsSchema,
        querystring: searchMessagesQuerySchema,
        response: { 200: searchMessagesReplySchema, ...errors },
      },
    },
    async (request) => {
      const { q, limit } = request.query;
      const user = signedInUser(request);
      return ok({ messages: await messages.search(user, request.params.chatId, q, limit) });
    },
  );
};
