import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  appBatchMessagesReplySchema,
  appChatRefBodySchema,
  appMessageRefBodySchema,
  appSendMessageBodySchema,
  appSendMessageReplySchema,
  appSuccessReplySchema,
  batchMessagesBodySchema,
  socialChatRoutes,
} from '@confab/protocol/social-chat';
import { ok } from '../../../lib/envelope';
import { signedInUser } from '../../../plugins/session';
import { socialChatErrors as errors, socialChatRouteGroup } from '../../social-chat-group';

/**
 * `/api/chat/*` (docs/product.md#rest-app-chat): social chat calls kept for compatibility, the
 * same operations as the social API's message routes with flat bodies and replies.
 */
export const socialChatCompatRoutes: FastifyPluginAsyncZod = async (app) => {
  socialChatRouteGroup(app);
  const messages = app.services.messages;

  app.post(
    socialChatRoutes.appSendMessage,
    {
      schema: {
        body: appSendMessageBodySchema,
        response: { 200: appSendMessageReplySchema, ...errors },
      },
    },
    async (request) => {
      const { chatId, content, contentType, clientId, fileId, ai } = request.body;
      const message = await messages.send(signedInUser(request), {
        chatId,
        content,
        ai,
        contentType,
        clientId,
        fileId,
      });
      return ok({
        success: true as const,
        messageId: message._id,
        timestamp: message.timestamp,
        message,
      });
    },
  );

  app.delete(
    socialChatRoutes.appDeleteMessage,
    {
      schema: {
        body: appMessageRefBodySchema,
        response: { 200: appSuccessReplySchema, ...errors },
      },
    },
    async (request) => {
      await messages.remove(signedInUser(request), request.body.chatId, request.body.messageId);
      return ok({ success: true as const });
    },
  );

  app.post(
    socialChatRoutes.appMarkAsRead,
    {
      schema: {
        body: appMessageRefBodySchema,
        response: { 200: appSuccessReplySchema, ...errors },
      },
    },
    async (request) => {
      const { chatId, messageId } = request.body;
      const { unread } = await messages.read(signedInUser(request), chatId, messageId);
      return ok({ success: true as const, unread });
    },
  );

  app.post(
    socialChatRoutes.appMarkAllAsRead,
    {
      schema: { body: appChatRefBodySchema, response: { 200: appSuccessReplySchema, ...errors } },
    },
    async (request) => {
      const { unread } = await messages.readAll(signedInUser(request), request.body.chatId);
      return ok({ success: true as const, unread });
    },
  );

  app.post(
    socialChatRoutes.appBatchMessages,
    {
      schema: {
        body: batchMessagesBodySchema,
        response: { 200: appBatchMessagesReplySchema, ...errors },
      },
    },
    async (request) => {
      const { chatIds, limit, messageId } = request.body;
      return ok(await messages.batch(signedInUser(request), chatIds, limit, messageId));
    },
  );
};
