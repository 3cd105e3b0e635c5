import Fastify, {
  type FastifyInstance,
  type FastifyServerOptions,
  type onRouteHookHandler,
} from 'fastify';
import type { DestinationStream } from 'pino';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { limits } from '@confab/protocol/limits';
import type { AppConfig } from './config';
import { connectDatabase, type DatabaseHandle } from './db/connect';
import { migrateToLatest } from './db/migrate';
import { createServices, type Services } from './container';
import { AppError } from './lib/app-error';
import { errorsPlugin } from './plugins/errors';
import { originCheckPlugin } from './plugins/origin-check';
import { sessionPlugin } from './plugins/session';
import { socketPlugin, type SocketPluginOptions } from './plugins/socket';
import { socketHandlers } from './realtime/handlers';
import { webAppPlugin } from './plugins/web-app';
import { mcpHostPlugin } from './plugins/mcp-host';
import { registerRoutes } from './routes/index';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: DatabaseHandle;
    services: Services;
  }
}

export interface BuildAppOptions {
  /** Pino logger options, or false for silence (tests). */
  logger?: FastifyServerOptions['logger'];
  /** A socket.io cluster adapter (several nodes); in-memory when absent. */
  socketAdapter?: SocketPluginOptions['adapter'];
  /** Where the production logger writes (stdout when absent); tests read the logs from it. */
  logStream?: DestinationStream;
  /** Told of every route as it is registered: the security tests build their table from it. */
  onRoute?: onRouteHookHandler;
}

/**
 * Headers that carry secrets: session cookies, and the keys of model providers or tool servers
 * should a client ever send one. Fastify logs request and reply headers only through its
 * serializers, and bodies never; these paths cover what it does log.
 */
const redactedPaths = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["proxy-authorization"]',
  'req.headers["x-api-key"]',
  'req.headers["api-key"]',
  'res.headers["set-cookie"]',
];

export function loggerOptions(level: string, stream?: DestinationStream) {
  return {
    level,
    redact: { paths: redactedPaths, censor: '[redacted]' },
    ...(stream && { stream }),
  };
}

export async function buildApp(
  config: AppConfig,
  options: BuildAppOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config.logLevel, options.logStream),
    bodyLimit: limits.bodyMaxBytes,
    trustProxy: config.trustProxy,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  }).withTypeProvider<ZodTypeProvider>();

  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database = connectDatabase(config);
  app.decorate('config', config);
  app.decorate('database', database);
  app.addHook('onClose', () => database.close());
  await migrateToLatest(database.db);
  app.decorate('services', createServices(config, database, app.log));

  await app.register(errorsPlugin);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        // The browser calls the user's model provider directly (any host, including a local
        // Ollama), so connect-src must stay open; scripts stay strictly same-origin.
        'connect-src': ["'self'", 'https:', 'http:', 'ws:', 'wss:'],
        'img-src': ["'self'", 'data:', 'blob:', 'https:', 'http:'],
        'upgrade-insecure-requests': null,
      },
    },
    // Same-origin by default would stop users' own tools from embedding images they link to.
    crossOriginEmbedderPolicy: false,
  });
  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new AppError(429, 'RATE_LIMITED', `Too many requests; try again in ${context.after}`),
  });
  await app.register(sessionPlugin);
  await app.register(originCheckPlugin);
  await app.register(socketPlugin, {
    adapter: options.socketAdapter,
    handlers: socketHandlers(app),
  });
  await app.register(webAppPlugin, { root: config.webDistDir });
  await app.register(mcpHostPlugin);
  await registerRoutes(app);

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isApi = path === '/api' || path.startsWith('/api/');
    if (
      !isApi &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      app.sendWebApp(reply)
    ) {
      return reply;
    }
    return reply.code(404).send({
      statusCode: 404,
      code: 'NOT_FOUND',
      message: `Route ${request.method} ${path} not found`,
    });
  });

  return app;
}
