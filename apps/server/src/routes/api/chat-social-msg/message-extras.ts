import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  forwardBodySchema,
  hideReplySchema,
  messageParamsSchema,
  reactBodySchema,
  reactReplySchema,
  sendMessageReplySchema,
  socialChatRoutes,
} from '@confab/protocol/social-chat';
import { ok } from '../../../lib/envelope';
import { signedInUser } from '../../../plugins/session';
import { socialChatErrors as errors, socialChatRouteGroup } from '../../social-chat-group';

/**
 * `/api/chat-social-msg/{chatId}/messages/{messageId}/{reactions,hide,forward}`: what a user
 * does to a message besides writing it (docs/product.md#message-extras).
 */
export const messageExtrasRoutes: FastifyPluginAsyncZod = async (app) => {
  socialChatRouteGroup(app);
  const { messages, messageExtras } = app.services;

  app.post(
    socialChatRoutes.reactions,
    {
      schema: {
        params: messageParamsSchema,
        body: reactBodySchema,
        response: { 200: reactReplySchema, ...errors },
      },
    },
    async (request) => {
      const { chatId, messageId } = request.params;
      const { emoji, value } = request.body;
      const user = signedInUser(request);
      return ok(await messageExtras.react(user, chatId, messageId, emoji, value));
    },
  );

  app.post(
    socialChatRoutes.hide,
    { schema: { params: messageParamsSchema, response: { 200: hideReplySchema, ...errors } } },
    async (request) => {
      const { chatId, messageId } = request.params;
      return ok(await messageExtras.hide(signedInUser(request), chatId, messageId));
    },
  );

  app.post(
    socialChatRoutes.forward,
    {
      schema: {
        params: messageParamsSchema,
        body: forwardBodySchema,
        response: { 200: sendMessageReplySchema, ...errors },
      },
    },
    async (request) => {
      const { chatId, messageId } = request.params;
      const user = signedInUser(request);
      return ok({ newMessage: await messages.forward(user, chatId, messageId, request.body) });
    },
  );
};
