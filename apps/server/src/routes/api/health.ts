import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthReplySchema, readyReplySchema } from '@confab/protocol/health';
import { serviceConfigs } from '@confab/protocol/services';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  // Liveness: the process answers. It stays 200 while a dependency is down (restarting the
  // process would not bring the dependency back).
  app.get('/api/health', { schema: { response: { 200: healthReplySchema } } }, () => ({
    ok: true as const,
    services: Object.values(serviceConfigs),
  }));

  // Readiness: whether a load balancer should send this node traffic.
  app.get(
    '/api/ready',
    { schema: { response: { 200: readyReplySchema, 503: readyReplySchema } } },
    async (_request, reply) => {
      const readiness = await app.services.readiness.check();
      return reply.code(readiness.ready ? 200 : 503).send(readiness);
    },
  );
};
