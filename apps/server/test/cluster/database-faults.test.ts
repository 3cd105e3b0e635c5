import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseRetryAfterSeconds, errorMessages } from '@confab/protocol/errors';
import { socialApiBase } from '@confab/protocol/envelope';
import { socialChatApiPaths as paths } from '@confab/protocol/social-chat';
import type { SocketAckReply } from '@confab/protocol/socket-events';
import { postgresServerUrl } from '../helpers/database-targets';
import { eventually } from '../helpers/mcp';
import type { ClientSocket } from '../helpers/sockets';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy';
import { clusterSkipReason, startCluster, type Cluster, type ClusterUser } from './cluster';

const outageLine = 'The database cannot be reached';

/**
 * One node whose link to PostgreSQL goes through a proxy the test cuts and pauses, and whose
 * connections the test ends from the server side (pg_terminate_backend). The node must live
 * through all of it, answer 503 with Retry-After while it cannot reach the database, log each
 * outage once, and serve again by itself once the database is back.
 */
describe.skipIf(clusterSkipReason)('a node whose database connections break', () => {
  let proxy: TcpProxy;
  let cluster: Cluster;
  let admin: pg.Client;
  let a: ClusterUser;
  let chatId: string;
  let tab: ClientSocket;

  beforeAll(async () => {
    const server = new URL(postgresServerUrl!);
    proxy = await startTcpProxy({ host: server.hostname, port: Number(server.port || 5432) });
    cluster = await startCluster(1, {
      databaseUrl: (url) => proxy.urlThrough(url),
      // A silent link is noticed within a second, so the test does not wait long for its 503s.
      env: { DATABASE_TIMEOUT_MS: '1000', RATE_LIMIT_MESSAGES_PER_MINUTE: '100000' },
    });
    admin = new pg.Client({ connectionString: cluster.databaseUrl });
    await admin.connect();
    let b: Awaited<ReturnType<typeof cluster.friends>>['b'];
    ({ a, b, chatId } = await cluster.friends([0, 0]));
    tab = await a.tab(0);
    // The receiver is online, so a send looks up no Web Push devices: such a lookup, left over
    // from one fault and failing after the node served again, would open an outage of its own.
    await b.tab(0);
  }, 90_000);
  afterAll(async () => {
    await admin?.end();
    await cluster?.close();
    await proxy?.close();
  }, 30_000);

  const node = () => cluster.nodes[0]!;
  const alive = () => node().process.exitCode === null && node().process.signalCode === null;
  const outageLines = () =>
    node()
      .output()
      .split('\n')
      .filter((line) => line.includes(outageLine));

  const restSend = async () => {
    const response = await fetch(`${node().url}${socialApiBase}${paths.messages(chatId)}`, {
      method: 'POST',
      headers: { cookie: a.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'hello', clientId: randomUUID() }),
    });
    return {
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      body: await response.json(),
    };
  };
  const socketSend = async () =>
    (await tab.timeout(30_000).emitWithAck('sendMessage', {
      chatId,
      content: 'hello',
      clientId: randomUUID(),
    })) as SocketAckReply<unknown>;

  /** Sends through both ways at once while `fault` happens; every answer is a 200 or a 503. */
  const sendThrough = async (fault: () => Promise<void> | void) => {
    const sends = Array.from({ length: 20 }, (_, index) =>
      index % 2 === 0
        ? restSend().then((reply) => reply.status)
        : socketSend().then((reply) => (reply.ok ? 200 : reply.error.statusCode)),
    );
    await fault();
    for (const status of await Promise.all(sends)) expect([200, 201, 503]).toContain(status);
  };
  const servesAgain = () =>
    eventually(async () => {
      expect(alive(), node().output()).toBe(true);
      const [rest, socket] = await Promise.all([restSend(), socketSend()]);
      return rest.status < 300 && socket.ok;
    });

  it('pg_terminate_backend on the connections in use: the node lives and serves again', async () => {
    for (let round = 0; round < 8; round += 1) {
      await sendThrough(async () => {
        await admin.query(
          `select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and pid <> pg_backend_pid()`,
        );
      });
      await servesAgain();
    }
  }, 120_000);

  it('a reset of the database link while sends are in flight: the node lives and serves again', async () => {
    for (let round = 0; round < 8; round += 1) {
      await sendThrough(() => proxy.cut());
      await servesAgain();
    }
  }, 120_000);

  it('a silent database link: sends answer 503 with Retry-After, the outage is logged once, and the node serves again once the link is back', async () => {
    await servesAgain();
    const linesBefore = outageLines().length;
    proxy.pause();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const [rest, socket] = await Promise.all([restSend(), socketSend()]);
      const refusal = {
        statusCode: 503,
        code: 'DATABASE_UNAVAILABLE',
        message: errorMessages.DATABASE_UNAVAILABLE,
        retryAfter: databaseRetryAfterSeconds,
      };
      // The social API puts the name of the failed operation before the message.
      expect(rest).toEqual({
        status: 503,
        retryAfter: String(databaseRetryAfterSeconds),
        body: { ...refusal, message: expect.stringContaining(refusal.message) },
      });
      expect(socket).toEqual({ ok: false, error: refusal });
    }
    proxy.resume();
    await servesAgain();
    expect(alive()).toBe(true);
    expect(outageLines().length - linesBefore, node().output()).toBe(1);
  }, 120_000);
});
