import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { aiConsentBodySchema, aiConsentReplySchema } from '@confab/protocol/ai-answer-relay';
import {
  chatListReplySchema,
  chatParamsSchema,
  chatReplySchema,
  chatToggleBodySchema,
  chatToggleParamsSchema,
  chatUnreadReplySchema,
  createChatBodySchema,
  deleteChatReplySchema,
  roomsReplySchema,
  socialChatRoutes,
  updateChatBodySchema,
} from '@confab/protocol/social-chat';
import { ok } from '../../../lib/envelope';
import { signedInUser } from '../../../plugins/session';
import { socialChatErrors as errors, socialChatRouteGroup } from '../../social-chat-group';

/**
 * `/api/chat-social-msg/chats...` and `/rooms`: the viewer's chats and their own settings of
 * each (nickname, archive, mute, pin, block, delete).
 */
export const socialChatsRoutes: FastifyPluginAsyncZod = async (app) => {
  socialChatRouteGroup(app);
  const chats = app.services.chats;

  app.get(
    socialChatRoutes.chats,
    { schema: { response: { 200: chatListReplySchema, ...errors } } },
    async (request) => ok({ chats: await chats.list(signedInUser(request)) }),
  );

  app.get(
    socialChatRoutes.chatsUnread,
    { schema: { response: { 200: chatUnreadReplySchema, ...errors } } },
    async (request) => ok({ chats: await chats.unread(signedInUser(request)) }),
  );

  // POST /rooms is POST /chats (see the protocol).
  for (const url of [socialChatRoutes.chats, socialChatRoutes.rooms]) {
    app.post(
      url,
      { schema: { body: createChatBodySchema, response: { 200: chatReplySchema, ...errors } } },
      async (request) =>
        ok({ chat: await chats.create(signedInUser(request), request.body.participantId) }),
    );
  }

  app.put(
    socialChatRoutes.chat,
    {
      schema: {
        params: chatParamsSchema,
        body: updateChatBodySchema,
        response: { 200: chatReplySchema, ...errors },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      return ok({ chat: await chats.rename(user, request.params.chatId, request.body.nickname) });
    },
  );

  app.delete(
    socialChatRoutes.chat,
    { schema: { params: chatParamsSchema, response: { 200: deleteChatReplySchema, ...errors } } },
    async (request) => ok(await chats.remove(signedInUser(request), request.params.chatId)),
  );

  app.post(
    socialChatRoutes.chatToggle,
    {
      schema: {
        params: chatToggleParamsSchema,
        body: chatToggleBodySchema,
        response: { 200: chatReplySchema, ...errors },
      },
    },
    async (request) => {
      const { chatId, toggle } = request.params;
      const user = signedInUser(request);
      return ok({ chat: await chats.toggle(user, chatId, toggle, request.body.value) });
    },
  );

  // "AI in this chat": the viewer's own consent (docs/product.md#ask-ai-in-chat).
  app.put(
    socialChatRoutes.chatAi,
    {
      schema: {
        params: chatParamsSchema,
        body: aiConsentBodySchema,
        response: { 200: aiConsentReplySchema, ...errors },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      const { chatId } = request.params;
      return ok({ chat: await app.services.aiConsent.set(user, chatId, request.body.enabled) });
    },
  );

  app.get(
    socialChatRoutes.rooms,
    { schema: { response: { 200: roomsReplySchema, ...errors } } },
    async (request) => ok({ rooms: await chats.rooms(signedInUser(request)) }),
  );
};
