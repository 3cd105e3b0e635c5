import { randomBytes } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { SessionUser } from '@confab/protocol/auth';
import { contactsPaths, type Contact } from '@confab/protocol/contacts';
import { createScratchPostgres, postgresServerUrl } from '../helpers/database-targets';
import type { ScratchPostgres } from '../helpers/database-targets';
import { eventually, freePort } from '../helpers/mcp';
import { createScratchRedis, redisServerUrl, type ScratchRedis } from '../helpers/redis';
import { connect, type ClientSocket } from '../helpers/sockets';
import { newAccount } from '../helpers/users';

/** Cluster suites need both real services; without them they are skipped with this reason. */
export const clusterSkipReason =
  postgresServerUrl && redisServerUrl
    ? undefined
    : 'cluster suites SKIPPED: they need TEST_DATABASE_URL and TEST_REDIS_URL (npm test sets both when the servers answer)';

const serverDir = resolve(import.meta.dirname, '../..');

export interface NodeOptions {
  /** Extra environment of this node (RATE_LIMIT_..., ...). */
  env?: Record<string, string>;
  /** Prepares the node's DATA_DIR before it starts (an mcp.json, ...). */
  prepareDataDir?: (dataDir: string) => void;
  /** The DATABASE_URL this node is given, from the site's (a proxy in front of it, ...). */
  databaseUrl?: (siteUrl: string) => string;
}

export interface ClusterNode {
  index: number;
  port: number;
  url: string;
  dataDir: string;
  process: ChildProcess;
  /** What the process wrote, for failure messages. */
  output(): string;
  /** Sends a signal and resolves with the exit code (null when a signal ended it). */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export interface HttpReply<T = unknown> {
  status: number;
  body: T;
}

/** A signed-in person of the site: calls any node with their cookie, opens tabs on any node. */
export interface ClusterUser {
  user: SessionUser;
  cookie: string;
  password: string;
  request<T = unknown>(
    node: number,
    method: string,
    path: string,
    body?: unknown,
  ): Promise<HttpReply<T>>;
  /** A socket.io client connected to one node, recording every event (see helpers/sockets). */
  tab(node: number): ReturnType<typeof connect>;
}

/** What every kind of site offers a test: its nodes and people signed up through them. */
export interface Site {
  nodes: ClusterNode[];
  /** Registers through a node, as the browser does. */
  signUp(node?: number): Promise<ClusterUser>;
  /**
   * Two people who are friends, signed up on the given nodes, and their one-to-one chat: the
   * start of every cross-node chat test.
   */
  friends(nodes?: [number, number]): Promise<{ a: ClusterUser; b: ClusterUser; chatId: string }>;
  close(): Promise<void>;
}

/** A site of several nodes sharing one PostgreSQL database and one Redis key prefix. */
export interface Cluster extends Site {
  databaseUrl: string;
  redis: ScratchRedis;
  /** Starts one more node of the same site (say, after one was killed). */
  addNode(options?: NodeOptions): Promise<ClusterNode>;
}

/** The single-process deployment: one node, embedded SQLite in its DATA_DIR, no Redis. */
export interface SqliteSite extends Site {
  /** Starts the node again on the same port and data dir, once its process has exited. */
  restart(): Promise<ClusterNode>;
}

/**
 * Several real server processes (`tsx src/main.ts`) on loopback ports forming one site: one
 * PostgreSQL database and one Redis key prefix, both created for the run and removed after.
 *
 * A cross-node test in a few lines:
 *
 *     const { a, b, chatId } = await cluster.friends([0, 1]);
 *     const bTab = await b.tab(1);
 *     await a.request(0, 'POST', someSendPath, { chatId, ... });
 *     expect(await bTab.next('someEvent')).toMatchObject({ chatId });
 */
export async function startCluster(
  count = 2,
  options: NodeOptions | ((index: number) => NodeOptions) = {},
): Promise<Cluster> {
  const postgres: ScratchPostgres = await createScratchPostgres(postgresServerUrl!);
  const redis = await createScratchRedis(redisServerUrl!);
  const storage = {
    DATABASE_URL: postgres.url,
    REDIS_URL: redis.url,
    REDIS_KEY_PREFIX: redis.prefix,
    // One key for the site, as its operator must give every node (SECURITY.md, data at rest).
    CONFAB_SECRET_KEY: randomBytes(32).toString('base64'),
  };
  const nodes: ClusterNode[] = [];
  const optionsOf = (index: number) => (typeof options === 'function' ? options(index) : options);
  const addNode = async (nodeOptions = optionsOf(nodes.length)) => {
    const node = await startNode(nodes.length, storage, nodeOptions);
    nodes.push(node);
    return node;
  };
  try {
    // Together, as a deployment would start them: the migration runs once.
    // Every start is waited for, so that one failing does not leave the others running.
    const started = await Promise.allSettled(
      Array.from({ length: count }, (_, index) => startNode(index, storage, optionsOf(index))),
    );
    for (const result of started) if (result.status === 'fulfilled') nodes.push(result.value);
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
  } catch (error) {
    await Promise.allSettled(nodes.map((node) => node.stop('SIGKILL')));
    await postgres.drop();
    await redis.drop();
    throw error;
  }

  const site = siteOf(nodes);
  return {
    ...site,
    databaseUrl: postgres.url,
    redis,
    addNode,
    async close() {
      await site.close();
      await postgres.drop();
      await redis.drop();
    },
  };
}

/**
 * One server process with no DATABASE_URL and no REDIS_URL, as a single-machine install runs:
 * everything it keeps is in its DATA_DIR, so a restart on the same port and directory is the
 * same site, and its clients reconnect to the address they knew.
 */
export async function startSqliteSite(options: NodeOptions = {}): Promise<SqliteSite> {
  // Empty values, not absent ones: the test's own environment must not point it elsewhere.
  const storage = { DATABASE_URL: '', REDIS_URL: '' };
  const nodes = [await startNode(0, storage, options)];
  return {
    ...siteOf(nodes),
    async restart() {
      const { port, dataDir, process: old } = nodes[0]!;
      if (old.exitCode === null && old.signalCode === null) {
        throw new Error('stop the node before restarting it');
      }
      nodes[0] = await startNode(0, storage, options, { port, dataDir });
      return nodes[0];
    },
  };
}

/** Signing up, making friends and closing, over whichever nodes a site has right now. */
function siteOf(nodes: ClusterNode[]): Site {
  const tabs: ClientSocket[] = [];
  const request = async <T>(
    node: number,
    method: string,
    path: string,
    cookie: string | undefined,
    body?: unknown,
  ): Promise<HttpReply<T>> => {
    const response = await fetch(`${nodes[node]!.url}${path}`, {
      method,
      headers: {
        ...(cookie && { cookie }),
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
  };

  async function signUp(node = 0): Promise<ClusterUser> {
    const { user, cookie, password } = await registerOverHttp(nodes[node]!.url);
    return {
      user,
      cookie,
      password,
      request: (to, method, path, body) => request(to, method, path, cookie, body),
      async tab(to) {
        const socket = await connect(nodes[to]!.url, { cookie });
        tabs.push(socket);
        return socket;
      },
    };
  }

  return {
    nodes,
    signUp,
    async friends([first, second] = [0, 1]) {
      const a = await signUp(first);
      const b = await signUp(second);
      const sent = await a.request<{ data: { contact: Contact } }>(
        first,
        'POST',
        contactsPaths.add,
        {
          receiverName: b.user.username,
        },
      );
      if (sent.status !== 200) throw new Error(`add failed: ${JSON.stringify(sent.body)}`);
      const accepted = await b.request<{ data: { contact: Contact } }>(
        second,
        'POST',
        contactsPaths.accept,
        { contact: sent.body.data.contact.id },
      );
      const chatId = accepted.body.data?.contact.chatId;
      if (accepted.status !== 200 || !chatId) {
        throw new Error(`accept failed: ${JSON.stringify(accepted.body)}`);
      }
      return { a, b, chatId };
    },
    async close() {
      for (const socket of tabs.splice(0)) socket.close();
      await Promise.all(nodes.map((node) => node.stop('SIGTERM')));
      for (const node of nodes) rmSync(node.dataDir, { recursive: true, force: true });
    },
  };
}

/** Registers a new account over HTTP (a node, or nginx in front of nodes), as the browser does. */
export async function registerOverHttp(
  baseUrl: string,
): Promise<{ user: SessionUser; cookie: string; password: string }> {
  const account = newAccount();
  const response = await fetch(`${baseUrl}/api/_auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (response.status !== 201) {
    throw new Error(`register failed: ${response.status} ${await response.text()}`);
  }
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0]!)
    .find((pair) => pair.startsWith('confab_session='));
  if (!cookie) throw new Error('no session cookie');
  const { user } = (await response.json()) as { user: SessionUser };
  return { user, cookie, password: account.password };
}

/**
 * Starts `tsx src/main.ts` with the site's storage settings; `at` reuses a stopped node's port
 * and data dir instead of new ones.
 */
async function startNode(
  index: number,
  storage: Record<string, string>,
  options: NodeOptions,
  at?: { port: number; dataDir: string },
): Promise<ClusterNode> {
  const port = at?.port ?? (await freePort());
  let dataDir = at?.dataDir;
  if (!dataDir) {
    dataDir = mkdtempSync(join(tmpdir(), `confab-node${index}-`));
    options.prepareDataDir?.(dataDir);
  }
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ...storage,
      ...(options.databaseUrl && { DATABASE_URL: options.databaseUrl(storage.DATABASE_URL!) }),
      WEB_DIST_DIR: '',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_LOGIN_PER_MINUTE: '10000',
      RATE_LIMIT_REGISTER_PER_HOUR: '10000',
      RATE_LIMIT_ADD_CONTACT_PER_MINUTE: '10000',
      // Every client of a test comes from 127.0.0.1.
      HTTP_CONNECTIONS_PER_ADDRESS: '0',
      // Saturated clients send as fast as their acknowledgements come back.
      SOCKET_PACKETS_PER_WINDOW: '1000000',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  // A test process that dies must not leave nodes behind.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  void exited.then(() => process.off('exit', killOnExit));

  const url = `http://127.0.0.1:${port}`;
  const node: ClusterNode = {
    index,
    port,
    url,
    dataDir,
    process: child,
    output: () => output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
  let gone = false;
  void exited.then(() => (gone = true));
  await eventually(async () => {
    if (gone) throw new Error(`node ${index} exited while starting:\n${output}`);
    try {
      return (await fetch(`${url}/api/ready`)).status === 200;
    } catch {
      return false;
    }
  }, 200);
  return node;
}
