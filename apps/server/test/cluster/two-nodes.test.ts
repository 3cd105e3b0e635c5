import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Contact } from '@confab/protocol/contacts';
import { contactsPaths } from '@confab/protocol/contacts';
import type { McpCallReply } from '@confab/protocol/mcp';
import { eventually, everythingStdio, writeMcpFile } from '../helpers/mcp';
import { clusterSkipReason, startCluster, type Cluster } from './cluster';

const A = 0;
const B = 1;

describe.skipIf(clusterSkipReason)('two server processes sharing PostgreSQL and Redis', () => {
  let cluster: Cluster;

  beforeAll(async () => {
    // Node B also runs the MCP reference server, for a request that is still running at shutdown.
    cluster = await startCluster(2, (index) =>
      index === B
        ? { prepareDataDir: (dir) => writeMcpFile(dir, { everything: everythingStdio() }) }
        : {},
    );
  }, 90_000);
  afterAll(() => cluster?.close(), 30_000);

  it('a friend request sent through node A reaches the receiver’s tab on node B', async () => {
    const alice = await cluster.signUp(A);
    const bob = await cluster.signUp(B);
    const bobOnB = await bob.tab(B);
    const aliceOnB = await alice.tab(B);

    const sent = await alice.request<{ data: { contact: Contact } }>(A, 'POST', contactsPaths.add, {
      receiverName: bob.user.username,
    });
    expect(sent.status).toBe(200);
    const { contact } = await bobOnB.next('newFriendMessage');
    expect(contact).toMatchObject({
      id: sent.body.data.contact.id,
      direction: 'incoming',
      senderUsername: alice.user.username,
    });
    expect(await aliceOnB.next('contactUpdated')).toMatchObject({ change: 'requested' });

    // Bob accepts through node B; Alice's tab, on node B too, hears it from there.
    const accepted = await bob.request(B, 'POST', contactsPaths.accept, { contact: contact.id });
    expect(accepted.status).toBe(200);
    expect(await aliceOnB.next('contactUpdated')).toMatchObject({ change: 'accepted' });
  });

  it('friends made across nodes see each other, with their chat, through either node', async () => {
    const { a, b, chatId } = await cluster.friends([A, B]);
    for (const [person, other] of [
      [a, b],
      [b, a],
    ] as const) {
      for (const node of [A, B]) {
        const list = await person.request<{ data: { formattedContacts: Contact[] } }>(
          node,
          'GET',
          contactsPaths.list,
        );
        expect(list.body.data.formattedContacts).toContainEqual(
          expect.objectContaining({
            otherUsername: other.user.username,
            chatId,
            status: 'accepted',
          }),
        );
      }
    }
  });

  it('a session made on one node is valid on the other, and signing out ends it on both', async () => {
    const carol = await cluster.signUp(A);
    const onB = await carol.request<{ user: { id: string } }>(B, 'GET', '/api/_auth/session');
    expect(onB.status).toBe(200);
    expect(onB.body.user.id).toBe(carol.user.id);
    const tabOnA = await carol.tab(A);
    const closed = new Promise<string>((resolve) => tabOnA.once('disconnect', resolve));

    expect((await carol.request(B, 'DELETE', '/api/_auth/session')).status).toBe(200);
    expect(await closed).toBe('io server disconnect');
    // The session reply of someone signed out carries no user.
    expect((await carol.request(A, 'GET', '/api/_auth/session')).body).toEqual({});
  });

  it('a sign-out or password change on one node is refused by the other at once, though it read the session moments before', async () => {
    const url = (node: number, path: string) => `${cluster.nodes[node]!.url}${path}`;
    const cookieOf = (response: Response) =>
      response.headers
        .getSetCookie()
        .map((header) => header.split(';')[0]!)
        .find((pair) => pair.startsWith('confab_session='))!;
    const login = async (node: number, username: string, password: string) =>
      cookieOf(
        await fetch(url(node, '/api/_auth/login'), {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username, password }),
        }),
      );
    const whoIs = async (node: number, cookie: string) =>
      (
        (await (await fetch(url(node, '/api/_auth/session'), { headers: { cookie } })).json()) as {
          user?: { id: string };
        }
      ).user?.id;
    const erin = await cluster.signUp(A);
    // Each a race: the next request goes to B as soon as A has answered.
    for (let trial = 0; trial < 10; trial += 1) {
      const cookie = await login(A, erin.user.username, erin.password);
      expect(await whoIs(B, cookie)).toBe(erin.user.id);
      await fetch(url(A, '/api/_auth/session'), { method: 'DELETE', headers: { cookie } });
      expect(await whoIs(B, cookie)).toBeUndefined();
    }
    const stolen = await login(A, erin.user.username, erin.password);
    const mine = await login(A, erin.user.username, erin.password);
    expect(await whoIs(B, stolen)).toBe(erin.user.id);
    const changed = await fetch(url(A, '/api/_auth/password'), {
      method: 'POST',
      headers: { cookie: mine, 'content-type': 'application/json' },
      body: JSON.stringify({ currentPassword: erin.password, newPassword: 'a long new secret' }),
    });
    expect(changed.status).toBe(200);
    expect(await whoIs(B, stolen)).toBeUndefined();
  });

  it('on SIGTERM a node finishes what it is doing, lets its sockets go, and exits', async () => {
    const dan = await cluster.signUp(B);
    await eventually(async () => {
      const tools = await dan.request<{ tools: { name: string }[] }>(B, 'GET', '/api/mcp/tools');
      return tools.status === 200 && tools.body.tools.length > 0;
    });
    const tabOnB = await dan.tab(B);
    const disconnected = new Promise<string>((resolve) => tabOnB.once('disconnect', resolve));
    const inFlight = dan.request<McpCallReply>(B, 'POST', '/api/mcp/call', {
      client: 'everything',
      name: 'trigger-long-running-operation',
      args: { duration: 3, steps: 3 },
    });
    // The call is under way on node B (its three steps take three seconds) when the signal comes.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const exit = cluster.nodes[B]!.stop('SIGTERM');

    // "transport close": the client reconnects by itself (to another node, behind a balancer).
    expect(await disconnected).toBe('transport close');
    const finished = await inFlight;
    expect(finished.status).toBe(200);
    expect(JSON.stringify(finished.body)).toMatch(/Long running operation completed/i);
    expect(await exit, cluster.nodes[B]!.output()).toBe(0);

    // The same person carries on through node A.
    const tabOnA = await dan.tab(A);
    expect(tabOnA.connected).toBe(true);
    const session = await dan.request<{ user?: { id: string } }>(A, 'GET', '/api/_auth/session');
    expect(session.body.user?.id).toBe(dan.user.id);
  }, 30_000);
});

if (clusterSkipReason) console.warn(`[confab] ${clusterSkipReason}`);
