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
import { takeAttempt } from '../../../lib/attempt-limiter';
import { ok } from '../../../lib/envelope';
import { signedInUser } from '../../../plugins/session';
import {
  socialChatErrors as errors,
  socialChatRouteGroup,
} from '../chat-social-msg/social-chat-errors';

/**
 * `/api/chat/*`: the app server's chat calls (spec section 7), the same operations as the
 * social API's message routes with the spec's body and reply shapes.
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
      // One allowance per user for REST and socket sends alike.
      preHandler: (request) => takeAttempt(app.services.messageSends, signedInUser(request).id),
    },
    async (request) => {
      const { chatId, content, contentType, clientId, fileId } = request.body;
      const message = await messages.send(signedInUser(request), {
        chatId,
        content,
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
