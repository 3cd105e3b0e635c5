import type { Socket } from 'node:net';
import fp from 'fastify-plugin';

/**
 * At most `perAddress` open connections from one client address (0: no cap); the next one is
 * closed at once. Each connection costs memory and a place in the server's lists, and a
 * client needs a few (the browser's HTTP connections and one socket per tab). Behind a
 * reverse proxy every connection comes from the proxy, so the proxy caps them instead.
 */
export const connectionCapPlugin = fp<{ perAddress: number }>(
  (app, { perAddress }, done) => {
    if (perAddress === 0 || app.config.trustProxy) return done();
    const open = new Map<string, number>();
    const onConnection = (socket: Socket) => {
      const address = socket.remoteAddress ?? '';
      const count = open.get(address) ?? 0;
      if (count >= perAddress) {
        socket.destroy();
        return;
      }
      open.set(address, count + 1);
      socket.once('close', () => {
        const left = (open.get(address) ?? 1) - 1;
        if (left > 0) open.set(address, left);
        else open.delete(address);
      });
    };
    app.server.on('connection', onConnection);
    app.addHook('onClose', async () => {
      app.server.off('connection', onConnection);
    });
    done();
  },
  { name: 'connection-cap' },
);
