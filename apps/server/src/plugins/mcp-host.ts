import fp from 'fastify-plugin';

/**
 * The MCP tool host's lifecycle. When the app is ready the operator's file is read and the
 * active servers start connecting (the app does not wait for them: a slow or broken server
 * shows its state in the config list instead). When the app closes, every connection, stdio
 * child processes included, is closed, so a graceful shutdown leaves nothing running.
 */
export const mcpHostPlugin = fp(
  (app, _opts, done) => {
    app.addHook('onReady', async () => {
      try {
        await app.services.mcp.start();
      } catch (error) {
        // The rest of the app works without tools; the next /api/mcp request tries again.
        app.log.error({ err: error }, 'MCP servers could not be started');
      }
    });
    app.addHook('onClose', () => app.services.mcp.close());
    done();
  },
  { name: 'mcp-host', dependencies: ['session'] },
);
