import net from 'node:net';

export interface RedisProxy {
  /** redis://127.0.0.1:{port}: give it to the app instead of the real server. */
  url: string;
  /**
   * A network partition: open connections drop and new ones are accepted but never answered,
   * like a server that stopped responding. Other users of the shared Redis are not affected.
   */
  cut(): void;
  /** The network is back: held connections drop so clients reconnect through to Redis. */
  restore(): void;
  close(): Promise<void>;
}

/** A TCP proxy in front of the shared Redis that a test can cut and restore. */
export async function startRedisProxy(redisUrl: string): Promise<RedisProxy> {
  const target = new URL(redisUrl);
  const live = new Set<net.Socket>();
  const held = new Set<net.Socket>();
  let cut = false;
  const server = net.createServer((client) => {
    client.on('error', () => {});
    if (cut) {
      held.add(client);
      client.on('close', () => held.delete(client));
      return;
    }
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    for (const socket of [client, upstream]) {
      live.add(socket);
      socket.on('close', () => live.delete(socket));
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  const destroyAll = (sockets: Set<net.Socket>) => {
    for (const socket of sockets) socket.destroy();
    sockets.clear();
  };
  return {
    url: `redis://127.0.0.1:${port}`,
    cut() {
      cut = true;
      destroyAll(live);
    },
    restore() {
      cut = false;
      destroyAll(held);
    },
    async close() {
      destroyAll(live);
      destroyAll(held);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
