import type { FastifyInstance } from 'fastify';
import { healthRoutes } from './api/health';
import { loginRoute } from './api/_auth/login';
import { registerRoute } from './api/_auth/register';
import { sessionRoutes } from './api/_auth/session';
import { contactsRoutes } from './api/chat-social-msg/contacts';

/** Every route of the server. Folders mirror the URLs. */
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes);
  await app.register(registerRoute);
  await app.register(loginRoute);
  await app.register(sessionRoutes);
  await app.register(contactsRoutes);
}
