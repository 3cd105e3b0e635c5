import { pushApiPaths, type PushSubscriptionBody } from '@confab/protocol/push';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import type { Contact } from '@confab/protocol/contacts';
import { aiHistoryRoutes, type AiSettingsSync } from '@confab/protocol/ai-history';
import {
  aiChat,
  aiMessage,
  putChat,
  putMessage,
  sealedKeys,
  settingsSyncAs,
  syncedSettings,
} from '../helpers/ai-history';
import { clientEventSchemas, type SocketAckReply } from '@confab/protocol/socket-events';
import { contactFrom, contactsAs } from '../helpers/contacts';
import {
  everythingStdio,
  mcpSettings,
  requestAs,
  startEverythingHttp,
  writeMcpFile,
} from '../helpers/mcp';
import { routeCollector } from '../helpers/route-table';
import { multipart } from '../helpers/social';
import { chatContent } from '../helpers/social-chat';
import { connect, listen } from '../helpers/sockets';
import { startTestApp } from '../helpers/test-app';
import { sessionCookieFrom, signUp, signUpAdmin } from '../helpers/users';
import {
  eventTable,
  matrixPushSubscription,
  tinyPng,
  routeTable,
  type Actor,
  type AiHistoryFixture,
  type ChatFixture,
  type EventAnswer,
  type MatrixRequest,
  type MatrixWorld,
  type RequestState,
} from './authorization-matrix.table';

// One app for the file, its routes collected while it was built.
const collected = routeCollector();
const mcpHttp = await startEverythingHttp('streamableHttp');
const adminName = 'matrix_admin';
const t = await startTestApp(
  undefined,
  { mcp: mcpSettings() },
  {
    onRoute: collected.onRoute,
    prepareDataDir: (dir) => writeMcpFile(dir, { everything: everythingStdio() }),
  },
);
const url = await listen(t.app);
const admin = await signUpAdmin(t.app, { username: adminName });
const routes = collected.routes;
const events = Object.keys(clientEventSchemas);

afterAll(async () => {
  await t.close();
  await mcpHttp.close();
});

/** Fresh users for one row: the participant, their counterpart, a stranger, an admin session. */
async function newWorld() {
  // A password of its own: a row may check that it works for the participant only.
  const participant = await signUp(t.app, { password: `participant ${Math.random()}` });
  const counterpart = await signUp(t.app);
  const stranger = await signUp(t.app);
  // A session of its own, so a row that ends sessions leaves the other rows' admin alone.
  const adminLogin = await t.app.inject({
    method: 'POST',
    url: '/api/_auth/login',
    payload: { username: adminName, password: admin.password },
  });
  const cookies: Record<Actor, string | undefined> = {
    anonymous: undefined,
    stranger: stranger.cookie,
    admin: sessionCookieFrom(adminLogin),
    counterpart: counterpart.cookie,
    participant: participant.cookie,
  };
  const mine = contactsAs(t.app, participant.cookie);
  const theirs = contactsAs(t.app, counterpart.cookie);
  let fixture: Promise<ChatFixture> | undefined;
  let aiFixture: Promise<AiHistoryFixture> | undefined;
  let aiSettingsFixture: Promise<AiSettingsSync> | undefined;
  let pushFixture: Promise<PushSubscriptionBody> | undefined;
  /** A device subscription of the participant's (a public address; nothing is pushed to it). */
  async function pushSubscriptionOf(cookie: string): Promise<PushSubscriptionBody> {
    const subscription = matrixPushSubscription();
    const saved = await t.app.inject({
      method: 'POST',
      url: pushApiPaths.subscriptions,
      headers: { cookie },
      payload: subscription,
    });
    if (saved.statusCode !== 201) throw new Error(`push subscription failed: ${saved.body}`);
    return subscription;
  }
  /** The participant's AI chat and its message, pushed at revisions 1 and 2. */
  async function aiHistoryOf(cookie: string): Promise<AiHistoryFixture> {
    const chat = aiChat({ summary: "The participant's own" });
    const message = aiMessage(chat.id, { prompt: "The participant's question" });
    const pushed = await t.app.inject({
      method: 'POST',
      url: aiHistoryRoutes.chats,
      headers: { cookie },
      payload: { changes: [putChat(chat), putMessage(message)] },
    });
    if (pushed.statusCode !== 200) throw new Error(`AI history push failed: ${pushed.body}`);
    return { chat, message };
  }
  /** The friends' chat with a message and a file the participant sent (made once per world). */
  async function chatOf(cookie: string): Promise<ChatFixture> {
    const request = await mine.send(counterpart.user.username);
    const { chatId } = contactFrom(await theirs.action('accept', request.id));
    if (!chatId) throw new Error('accepting made no chat');
    return chatContent(t.app, cookie, chatId);
  }
  const world: MatrixWorld = {
    participant: { username: participant.user.username, password: participant.password },
    counterpart: { username: counterpart.user.username },
    async friendRequest(state: RequestState): Promise<Contact> {
      if (state === 'pending from participant') return mine.send(counterpart.user.username);
      const request = await theirs.send(participant.user.username);
      if (state === 'pending to participant') return request;
      const accepted = contactFrom(await mine.action('accept', request.id));
      if (state === 'accepted') return accepted;
      return contactFrom(await mine.action('block', request.id));
    },
    ids: { participant: participant.user.id, counterpart: counterpart.user.id },
    async counterpartAvatar() {
      const uploaded = await t.app.inject({
        method: 'PUT',
        url: '/api/_auth/avatar',
        headers: { cookie: counterpart.cookie, 'content-type': 'image/png' },
        payload: tinyPng,
      });
      if (uploaded.statusCode !== 200) throw new Error(`avatar upload failed: ${uploaded.body}`);
    },
    chat: () => (fixture ??= chatOf(participant.cookie)),
    aiHistory: () => (aiFixture ??= aiHistoryOf(participant.cookie)),
    aiSettings: () =>
      (aiSettingsFixture ??= settingsSyncAs(t.app, participant.cookie).write({
        settings: syncedSettings("the participant's"),
        sealedKeys: sealedKeys(),
      })),
    pushSubscription: () => (pushFixture ??= pushSubscriptionOf(participant.cookie)),
    mcpUrl: mcpHttp.url,
    async addMcpServer(key: string) {
      const added = await requestAs(t.app, cookies.admin).post('/api/mcp/addServer', {
        key,
        transport: { type: 'streamable-http', url: mcpHttp.url },
      });
      if (added.statusCode !== 201) throw new Error(`addServer failed: ${added.body}`);
    },
  };
  return { world, cookies };
}

const actorOrder: Actor[] = ['anonymous', 'stranger', 'admin', 'counterpart', 'participant'];

async function send(
  method: string,
  route: string,
  cookie: string | undefined,
  request: MatrixRequest,
) {
  const path = route.replace(/:(\w+)/g, (_, name: string) => {
    const value = request.params?.[name];
    if (value === undefined) throw new Error(`${route}: no value for :${name}`);
    return encodeURIComponent(value);
  });
  const form = request.multipart && (await multipart(request.multipart));
  return t.app.inject({
    method: method as 'GET',
    url: request.query ? `${path}?${request.query}` : path,
    headers: {
      ...(cookie && { cookie }),
      ...(request.body !== undefined && { 'content-type': 'application/json' }),
      ...(request.raw && { 'content-type': request.raw.contentType }),
      ...form?.headers,
    },
    ...(request.body !== undefined && { payload: JSON.stringify(request.body) }),
    ...(request.raw && { payload: request.raw.bytes }),
    ...(form && { payload: form.payload }),
  });
}

const describeAnswer = (response: LightMyRequestResponse) =>
  `${response.statusCode} ${response.body.slice(0, 300)}`;

describe('authorisation matrix: every API route', () => {
  it('has a row for every route of the server and no row for a route it lacks', () => {
    const keys = routes.map((route) => route.key);
    const missing = keys.filter((key) => !(key in routeTable));
    const stale = Object.keys(routeTable).filter((key) => !keys.includes(key));
    expect(
      missing,
      `routes missing from authorization-matrix.table.ts: ${missing.join(', ')}`,
    ).toEqual([]);
    expect(stale, `rows for routes the server does not have: ${stale.join(', ')}`).toEqual([]);
  });

  it.each(routes.map((route) => [route.key, route]))('%s', async (key, route) => {
    const row = routeTable[key];
    if (!row) throw new Error(`${key} is missing from authorization-matrix.table.ts`);
    const { world, cookies } = await newWorld();
    const request = (await row.request?.(world)) ?? {};
    for (const actor of actorOrder) {
      const expected = row.expect[actor];
      if (expected === undefined) continue;
      const response = await send(route.method, route.url, cookies[actor], request);
      expect(describeAnswer(response), `${key} as ${actor} (${row.why})`).toMatch(
        new RegExp(`^${expected} `),
      );
      // Every refusal is the error envelope, never an internal detail.
      if (expected >= 400) expect(response.json()).toHaveProperty('code');
      await row.replies?.[actor]?.(response.json<{ data: unknown }>().data, world);
    }
  });
});

describe('authorisation matrix: every socket event', () => {
  it('has a row for every client event of the protocol', () => {
    const missing = events.filter((event) => !(event in eventTable));
    expect(missing, `events missing from the table: ${missing.join(', ')}`).toEqual([]);
  });

  it('refuses the handshake of an anonymous visitor, so no event can be sent', async () => {
    await expect(connect(url)).rejects.toMatchObject({ data: { code: 'UNAUTHENTICATED' } });
    await expect(connect(url, { cookie: 'confab_session=forged' })).rejects.toMatchObject({
      data: { code: 'UNAUTHENTICATED' },
    });
  });

  it.each(events)('%s', async (event) => {
    const row = eventTable[event as keyof typeof eventTable];
    if (!row) throw new Error(`${event} is missing from authorization-matrix.table.ts`);
    const { world, cookies } = await newWorld();
    const payload: unknown = await row.payload(world);
    for (const actor of ['stranger', 'participant'] as const) {
      const expected = row.expect[actor];
      if (expected === undefined) continue;
      const socket = await connect(url, { cookie: cookies[actor]! });
      try {
        const { answer, data } = await emitAndWait(socket, event, payload);
        expect(answer, `${event} as ${actor} (${row.why})`).toBe(expected);
        if (actor === 'stranger' && row.strangerData !== undefined)
          expect(data, `${event}: what a stranger learns`).toEqual(row.strangerData);
      } finally {
        socket.close();
      }
    }
  });
});

/** Sends one event with an acknowledgement and reads the answer as an EventAnswer. */
async function emitAndWait(
  socket: Awaited<ReturnType<typeof connect>>,
  event: string,
  payload: unknown,
): Promise<{ answer: EventAnswer; data?: unknown }> {
  try {
    // Any event name, any payload: the typed event map would allow only well-formed ones.
    const untyped = socket.timeout(500) as unknown as {
      emitWithAck: (e: string, p: unknown) => Promise<SocketAckReply<unknown>>;
    };
    const reply = await untyped.emitWithAck(event, payload);
    return reply.ok ? { answer: 'ok', data: reply.data } : { answer: reply.error.statusCode };
  } catch {
    return { answer: 'unanswered' };
  }
}
