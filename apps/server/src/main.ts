import { loadConfig, startupWarnings } from './config';
import { buildApp } from './app';

const shutdownGraceMs = 10_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildApp(config);
  for (const warning of startupWarnings()) app.log.warn(warning);

  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    // In order: /api/ready answers 503 so a load balancer moves clients away; sockets close so
    // their clients reconnect to another node; requests in flight finish; then Redis and the
    // database close (app.ts and the plugins' close hooks).
    app.services.readiness.beginShutdown();
    app.log.info(
      { signal },
      'shutting down: not ready, closing sockets, finishing requests in flight',
    );
    // A request that hangs must not keep the process alive forever.
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, shutdownGraceMs);
    timer.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
