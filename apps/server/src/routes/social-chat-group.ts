import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errorReplySchema } from '@confab/protocol/errors';
import {
  socialChatFailureTexts,
  socialChatRoutes,
  type SocialChatOperation,
} from '@confab/protocol/social-chat';
import { errorHandler } from '../plugins/errors';

type Route = keyof typeof socialChatRoutes;

/** The operation each social chat route performs, by method and route pattern. */
const operations: [string, Route, SocialChatOperation][] = [
  ['GET', 'chats', 'listChats'],
  ['GET', 'chatsUnread', 'listChats'],
  ['POST', 'chats', 'createChat'],
  ['PUT', 'chat', 'updateChat'],
  ['DELETE', 'chat', 'deleteChat'],
  ['POST', 'chatToggle', 'toggleChat'],
  ['PUT', 'chatAi', 'toggleChat'],
  ['GET', 'messages', 'listMessages'],
  ['POST', 'messages', 'sendMessage'],
  ['PUT', 'message', 'editMessage'],
  ['DELETE', 'message', 'deleteMessage'],
  ['POST', 'read', 'readMessages'],
  ['POST', 'readAll', 'readMessages'],
  ['GET', 'search', 'searchMessages'],
  ['POST', 'batchMessages', 'batchMessages'],
  ['GET', 'rooms', 'rooms'],
  ['POST', 'reactions', 'reactMessage'],
  ['POST', 'hide', 'hideMessage'],
  ['POST', 'forward', 'forwardMessage'],
  ['POST', 'rooms', 'createChat'],
  ['POST', 'appSendMessage', 'sendMessage'],
  ['DELETE', 'appDeleteMessage', 'deleteMessage'],
  ['POST', 'appMarkAsRead', 'readMessages'],
  ['POST', 'appMarkAllAsRead', 'readMessages'],
  ['POST', 'appBatchMessages', 'batchMessages'],
];

const textByRoute = new Map(
  operations.map(([method, route, operation]) => [
    `${method} ${socialChatRoutes[route]}`,
    socialChatFailureTexts[operation],
  ]),
);

/** The fixed failure text (docs/product.md#failure-texts) before a request's error message. */
export const socialChatFailureText = (request: FastifyRequest) =>
  textByRoute.get(`${request.method} ${request.routeOptions.url ?? ''}`);

export const socialChatErrors = {
  400: errorReplySchema,
  401: errorReplySchema,
  403: errorReplySchema,
  404: errorReplySchema,
  409: errorReplySchema,
  429: errorReplySchema,
};

/**
 * A group of social chat routes (`/api/chat-social-msg/*` and `/api/chat/*`): signed-in users
 * only, errors prefixed by the failure text.
 */
export function socialChatRouteGroup(app: FastifyInstance): void {
  app.setErrorHandler(errorHandler(socialChatFailureText));
  app.addHook('onRequest', app.requireUser);
}
