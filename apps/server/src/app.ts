import Fastify, {
  type FastifyInstance,
  type FastifyServerOptions,
  type onRouteHookHandler,
} from 'fastify';
import type { DestinationStream } from 'pino';
import fastifyCookie from '@fastify/cookie';
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
import { connectRedis, type RedisHandle } from './lib/redis/connection';
import { makePrivateDirSync } from './lib/private-files';
import { SecretBox } from './lib/secret-box';
import { loadSecretKey, secretKeyVariable } from './lib/secret-key';
import { redisSocketAdapter } from './lib/redis/socket-adapter';
import { securityHeadersPlugin } from './plugins/security-headers';
import { AppError } from './lib/app-error';
import { fastifyTrustProxy } from './lib/trust-proxy';
import { isApiPath, routedPath } from './lib/routed-path';
import { compressRepliesPlugin } from './plugins/compress-replies';
import { errorsPlugin } from './plugins/errors';
import { bodyDeadlinePlugin } from './plugins/body-deadline';
import { connectionCapPlugin } from './plugins/connection-cap';
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
    /** The site's shared Redis (REDIS_URL), or null for a single node. */
    redis: RedisHandle | null;
    services: Services;
  }
}

export interface BuildAppOptions {
  /** Pino logger options, or false for silence (tests). */
  logger?: FastifyServerOptions['logger'];
  /**
   * A socket.io cluster adapter (several nodes). By default the Redis streams adapter when
   * REDIS_URL is set, else in memory.
   */
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

// Longest a start waits for Redis before it serves anyway, degraded (see lib/redis).
const redisStartWaitMs = 5_000;

export async function buildApp(
  config: AppConfig,
  options: BuildAppOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config.logLevel, options.logStream),
    bodyLimit: limits.bodyMaxBytes,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    // Slow clients: a connection silent for this long closes, and no request (an upload
    // included) takes longer than requestTimeout to arrive. JSON bodies have a shorter
    // deadline of their own (plugins/body-deadline.ts).
    connectionTimeout: config.httpIdleTimeoutMs,
    requestTimeout: config.httpRequestTimeoutMs,
  }).withTypeProvider<ZodTypeProvider>();

  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Only the server's user reads DATA_DIR (database, uploads, the secret key): see SECURITY.md.
  makePrivateDirSync(config.dataDir);
  const secretKey = loadSecretKey(config.secretKey, config.dataDir);
  const database = connectDatabase({
    ...config,
    // One line when the database stops answering and one when it is back, not one per request.
    onAvailabilityChange: (available, error) => {
      if (available) app.log.warn('The database answers again');
      else app.log.error({ err: error }, 'The database cannot be reached; requests answer 503');
    },
    onCheckpointerFailure: (error) =>
      app.log.warn({ err: error }, 'The WAL checkpointer failed; SQLite checkpoints by itself now'),
  });
  app.decorate('config', config);
  app.decorate('database', database);
  app.addHook('onClose', () => database.close());
  const redis = config.redisUrl
    ? connectRedis({ url: config.redisUrl, keyPrefix: config.redisKeyPrefix, log: app.log })
    : null;
  app.decorate('redis', redis);
  // onClose hooks run last-added first: Redis closes after the sockets that use it, before the database.
  if (redis) app.addHook('onClose', () => redis.close());
  await migrateToLatest(database.db);
  if (redis && !(await redis.waitUntilAvailable(redisStartWaitMs))) {
    app.log.warn('Redis did not answer at start; serving this node alone until it does');
  }
  if (database.engine === 'postgres' && secretKey.fromFile) {
    app.log.warn(
      `${secretKeyVariable} is not set: MCP header values are encrypted with this node's key in ${secretKey.source}. With several nodes on this PostgreSQL database, every node must use the same key: set ${secretKeyVariable} to one value (for example this file's content) on every node, or share DATA_DIR`,
    );
  }
  app.decorate(
    'services',
    createServices(
      config,
      database,
      new SecretBox(secretKey.key, secretKey.source),
      app.log,
      redis,
    ),
  );
  try {
    await app.services.mcp.prepareStoredSecrets();
    // The VAPID keys: made on the first start, the same for every node after.
    await app.services.push.start();
  } catch (error) {
    await redis?.close();
    await database.close();
    throw error;
  }
  // Presence heartbeats, typing and file sweeps stop before Redis closes (hooks run last-added
  // first), and the sends being stored are committed before the database closes.
  app.addHook('onClose', async () => {
    app.services.presence.close();
    app.services.typing.close();
    app.services.aiAnswers.close();
    await app.services.files.close();
    await app.services.linkPreviews.close();
    await app.services.sends.close();
    await app.services.push.close();
  });
  // Not ready from the first moment of a shutdown (tests close the app directly, main.ts on SIGTERM).
  app.addHook('preClose', async () => app.services.readiness.beginShutdown());
  // A keep-alive connection whose request was in flight at shutdown would otherwise stay open
  // (and keep the process alive) until the client drops it: it closes after this reply.
  app.addHook('onSend', async (_request, reply) => {
    if (app.services.readiness.isShuttingDown()) reply.header('connection', 'close');
  });

  await app.register(errorsPlugin);
  await app.register(connectionCapPlugin, { perAddress: config.connectionsPerAddress });
  await app.register(bodyDeadlinePlugin, { timeoutMs: config.httpBodyTimeoutMs });
  await app.register(securityHeadersPlugin, {
    contentSecurityPolicy: {
      directives: {
        // The browser calls the user's model provider directly (any host, including a local
        // Ollama), so connect-src must stay open; scripts stay strictly same-origin.
        'connect-src': ["'self'", 'https:', 'http:', 'ws:', 'wss:'],
        // An image address in a model reply or tool result would be fetched with no click and
        // could carry the conversation to anyone's server: images come from the app only
        // (the reply shows other addresses as a placeholder that opens them in a new tab).
        'img-src': ["'self'", 'data:', 'blob:'],
        'upgrade-insecure-requests': null,
      },
    },
    // Same-origin by default would stop users' own tools from embedding images they link to.
    crossOriginEmbedderPolicy: false,
  });
  await app.register(compressRepliesPlugin);
  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, {
    global: false,
    // Shared by every node through Redis. While Redis does not answer, a limit is skipped (the
    // Redis connection logs the outage) rather than failing the request.
    ...(redis && {
      redis: redis.commands,
      nameSpace: `${redis.keyPrefix}rate-limit:`,
      skipOnError: true,
    }),
    errorResponseBuilder: (_request, context) =>
      new AppError(429, 'RATE_LIMITED', `Too many requests; try again in ${context.after}`),
  });
  await app.register(sessionPlugin);
  await app.register(originCheckPlugin);
  await app.register(socketPlugin, {
    adapter:
      options.socketAdapter ??
      (redis ? redisSocketAdapter(redis, { maxLen: config.redisStreamMaxLen }) : undefined),
    handlers: socketHandlers(app),
  });
  await app.register(webAppPlugin, { root: config.webDistDir });
  await app.register(mcpHostPlugin);
  await registerRoutes(app);

  app.setNotFoundHandler((request, reply) => {
    const path = routedPath(request);
    if (
      !isApiPath(path) &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      app.sendWebApp(reply, request.url)
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
