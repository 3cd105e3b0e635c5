import net from 'node:net';

export interface TcpProxy {
  /** The proxy's port on 127.0.0.1. */
  port: number;
  /** `url` with its host and port replaced by the proxy's. */
  urlThrough(url: string): string;
  /** A network reset: every open connection is reset (RST); new ones go through. */
  cut(): void;
  /**
   * A silent link: nothing is forwarded either way and new connections are accepted but not
   * passed on, so the client waits for answers that never come.
   */
  pause(): void;
  /** The link is back: held connections are passed on and forwarding resumes. */
  resume(): void;
  close(): Promise<void>;
}

interface Link {
  client: net.Socket;
  upstream?: net.Socket;
}

/** A TCP proxy in front of a shared server (PostgreSQL, ...) that a test can cut and pause. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const links = new Set<Link>();
  let paused = false;

  const forward = (from: net.Socket, to: net.Socket) => {
    // Written by hand rather than piped: a pipe resumes a paused socket when the other drains.
    from.on('data', (chunk) => to.write(chunk));
    from.on('close', () => to.destroy());
    from.on('error', () => to.destroy());
  };
  const open = (link: Link) => {
    const upstream = net.connect(target.port, target.host);
    link.upstream = upstream;
    forward(link.client, upstream);
    forward(upstream, link.client);
    link.client.resume();
  };

  const server = net.createServer((client) => {
    const link: Link = { client };
    links.add(link);
    client.on('close', () => links.delete(link));
    client.on('error', () => {});
    client.pause();
    if (!paused) open(link);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;

  const sockets = (link: Link) => (link.upstream ? [link.client, link.upstream] : [link.client]);
  return {
    port,
    urlThrough(url) {
      const through = new URL(url);
      through.hostname = '127.0.0.1';
      through.port = String(port);
      return through.toString();
    },
    cut() {
      for (const link of links) for (const socket of sockets(link)) socket.resetAndDestroy();
      links.clear();
    },
    pause() {
      paused = true;
      for (const link of links) for (const socket of sockets(link)) socket.pause();
    },
    resume() {
      paused = false;
      for (const link of links) {
        if (link.upstream) for (const socket of sockets(link)) socket.resume();
        else open(link);
      }
    },
    async close() {
      for (const link of links) for (const socket of sockets(link)) socket.destroy();
      links.clear();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
