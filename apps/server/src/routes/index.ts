import type { FastifyInstance } from 'fastify';
import { healthRoutes } from './api/health';
import { loginRoute } from './api/_auth/login';
import { registerRoute } from './api/_auth/register';
import { passwordRoute } from './api/_auth/password';
import { sessionRoutes } from './api/_auth/session';
import { socialChatCompatRoutes } from './api/chat/messages';
import { socialChatsRoutes } from './api/chat-social-msg/chats';
import { contactsRoutes } from './api/chat-social-msg/contacts';
import { socialMessagesRoutes } from './api/chat-social-msg/messages';
import { filesRoutes } from './api/chat-social-msg/files';
import { presenceRoutes } from './api/chat-social-msg/presence';
import { mcpActivateRoute } from './api/mcp/activate';
import { mcpAddServerRoute } from './api/mcp/addServer';
import { mcpCallRoute } from './api/mcp/call';
import { mcpDeactivateRoute } from './api/mcp/deactivate';
import { mcpGetConfigRoute } from './api/mcp/getConfig';
import { mcpInitRoute } from './api/mcp/init';
import { mcpPutConfigRoute } from './api/mcp/putConfig';
import { mcpToolsRoute } from './api/mcp/tools';
import { mcpUpdateServerRoute } from './api/mcp/updateServer';

/** Every route of the server. Folders mirror the URLs. */
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes);
  await app.register(registerRoute);
  await app.register(loginRoute);
  await app.register(sessionRoutes);
  await app.register(passwordRoute);
  await app.register(contactsRoutes);
  await app.register(socialChatsRoutes);
  await app.register(socialMessagesRoutes);
  await app.register(socialChatCompatRoutes);
  await app.register(filesRoutes);
  await app.register(presenceRoutes);
  await app.register(mcpToolsRoute);
  await app.register(mcpCallRoute);
  await app.register(mcpInitRoute);
  await app.register(mcpUpdateServerRoute);
  await app.register(mcpAddServerRoute);
  await app.register(mcpGetConfigRoute);
  await app.register(mcpPutConfigRoute);
  await app.register(mcpActivateRoute);
  await app.register(mcpDeactivateRoute);
}
