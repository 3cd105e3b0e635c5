import type { FastifyInstance } from 'fastify';
import type { SocketHandler } from '../plugins/socket';
import { contactsSocketHandlers } from './contacts.handlers';
import { mcpInputSocketHandlers } from './mcp-input.handlers';
import { socialChatSocketHandlers } from './social-chat.handlers';

/** Every feature's socket event handlers (the socket counterpart of routes/index.ts). */
export function socketHandlers(app: FastifyInstance): SocketHandler[] {
  return [contactsSocketHandlers(app), socialChatSocketHandlers(app), mcpInputSocketHandlers(app)];
}
