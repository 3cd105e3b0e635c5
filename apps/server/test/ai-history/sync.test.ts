import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  aiHistoryDeviceOnlyMessage,
  aiHistoryFullMessage,
  aiHistoryPageMax,
  aiHistoryPushMax,
  aiHistoryRoutes,
} from '@confab/protocol/ai-history';
import { aiChat, aiHistoryAs, aiMessage, putChat, putMessage } from '../helpers/ai-history';
import { databaseTargets } from '../helpers/database-targets';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { signUp } from '../helpers/users';

// A device's view of its account's AI history on the server: what it pushes, what it pulls back.
describe.each(databaseTargets)('AI history sync on $engine', (target) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(() => t.close());

  async function device() {
    const { cookie } = await signUp(t.app);
    return aiHistoryAs(t.app, cookie);
  }

  it('gives back on another pull what a device pushed, and stores a re-push once', async () => {
    const phone = await device();
    const chat = aiChat({ summary: 'Trip plans' });
    const message = aiMessage(chat.id, { prompt: 'Where to?', reply: 'Lisbon.' });
    const pushed = await phone.push([putChat(chat), putMessage(message)]);
    expect(pushed).toEqual({
      results: [
        { status: 'applied', revision: 1 },
        { status: 'applied', revision: 2 },
      ],
      revision: 2,
    });

    const { settings, changes } = await phone.chats();
    expect(settings).toMatchObject({ mode: 'synced', revision: 2 });
    expect(settings.usedBytes).toBeGreaterThan(0);
    expect(changes).toEqual([{ kind: 'chat', revision: 1, chat }]);
    expect(await phone.messages()).toEqual({
      changes: [{ kind: 'message', revision: 2, message }],
      more: false,
    });

    // The same push again (a reply lost on the way): same answer, nothing stored twice.
    const again = await phone.push([putChat(chat), putMessage(message)]);
    expect(again.results).toEqual(pushed.results);
    expect(again.revision).toBe(2);
    expect((await phone.chats()).settings).toEqual(settings);
    expect((await phone.messages()).changes).toHaveLength(1);
  });

  it("carries a chat's own provider and model to the account's other devices", async () => {
    const phone = await device();
    const chat = aiChat({ summary: 'Picked', provider: 'OpenAI', model: 'gpt-4o-mini' });
    await phone.push([putChat(chat)]);
    expect((await phone.chats()).changes).toEqual([{ kind: 'chat', revision: 1, chat }]);
  });

  it('replaces a regenerated message (same id) and gives it a new revision', async () => {
    const phone = await device();
    const chat = aiChat();
    const message = aiMessage(chat.id, { reply: 'First try' });
    await phone.push([putChat(chat), putMessage(message)]);
    const regenerated = { ...message, reply: 'Second try' };
    expect((await phone.push([putMessage(regenerated)])).results).toEqual([
      { status: 'applied', revision: 3 },
    ]);
    expect((await phone.messages()).changes).toEqual([
      { kind: 'message', revision: 3, message: regenerated },
    ]);
  });

  it("keeps the server's chat when a rename is based on an older revision, and sends it back", async () => {
    const phone = await device();
    const chat = aiChat({ summary: 'Original' });
    await phone.push([putChat(chat)]);
    const renamedOnPhone = { ...chat, summary: 'Phone name' };
    expect((await phone.push([putChat(renamedOnPhone, 1)])).results).toEqual([
      { status: 'applied', revision: 2 },
    ]);
    // The laptop's edit started from revision 1: the phone's name stands.
    const renamedOnLaptop = { ...chat, summary: 'Laptop name' };
    expect((await phone.push([putChat(renamedOnLaptop, 1)])).results).toEqual([
      { status: 'stale', revision: 2, chat: renamedOnPhone },
    ]);
    expect((await phone.chats()).changes).toEqual([
      { kind: 'chat', revision: 2, chat: renamedOnPhone },
    ]);
  });

  it('lets deletion win: nothing is written into a deleted chat or over a deleted message', async () => {
    const phone = await device();
    const chat = aiChat();
    const kept = aiChat();
    const first = aiMessage(chat.id);
    const other = aiMessage(kept.id);
    await phone.push([putChat(chat), putMessage(first), putChat(kept), putMessage(other)]);

    const deleted = await phone.push([
      { kind: 'chat-deleted', id: chat.id },
      { kind: 'message-deleted', id: other.id, chatId: kept.id },
    ]);
    expect(deleted.results).toEqual([
      { status: 'applied', revision: 5 },
      { status: 'applied', revision: 6 },
    ]);

    const late = await phone.push([
      putMessage(aiMessage(chat.id)),
      putChat({ ...chat, summary: 'Renamed too late' }, 5),
      putMessage({ ...other, reply: 'Edited too late' }),
      // Deleting again is done already.
      { kind: 'chat-deleted', id: chat.id },
    ]);
    expect(late).toEqual({
      results: [
        { status: 'deleted' },
        { status: 'deleted' },
        { status: 'deleted' },
        { status: 'applied', revision: 5 },
      ],
      revision: 6,
    });

    const { changes } = await phone.chats();
    expect(changes).toEqual([
      { kind: 'chat', revision: 3, chat: kept },
      { kind: 'chat-deleted', revision: 5, id: chat.id },
    ]);
    // The deleted chat's messages went with it; the deleted message left its tombstone.
    expect((await phone.messages()).changes).toEqual([
      { kind: 'message-deleted', revision: 6, id: other.id, chatId: kept.id },
    ]);
    expect((await phone.settings()).usedBytes).toBe(JSON.stringify(kept).length);
  });

  it('answers deleted for a chat deleted on another device before this one pushed it', async () => {
    const phone = await device();
    const chat = aiChat();
    expect((await phone.push([{ kind: 'chat-deleted', id: chat.id }])).results).toEqual([
      { status: 'applied', revision: 1 },
    ]);
    expect((await phone.push([putChat(chat), putMessage(aiMessage(chat.id))])).results).toEqual([
      { status: 'deleted' },
      { status: 'deleted' },
    ]);
  });

  it('accepts messages pushed before their chat, and a later chat deletion removes them', async () => {
    const phone = await device();
    const chat = aiChat();
    const early = aiMessage(chat.id);
    expect((await phone.push([putMessage(early)])).results).toEqual([
      { status: 'applied', revision: 1 },
    ]);
    await phone.push([putChat(chat)]);
    expect((await phone.messages()).changes).toEqual([
      { kind: 'message', revision: 1, message: early },
    ]);
    await phone.push([{ kind: 'chat-deleted', id: chat.id }]);
    expect((await phone.messages()).changes).toEqual([]);
    expect((await phone.settings()).usedBytes).toBe(0);
  });

  it('applies the changes of one push in order, each on what the earlier ones left', async () => {
    const phone = await device();
    const chat = aiChat();
    const message = aiMessage(chat.id, { reply: 'first' });
    const regenerated = { ...message, reply: 'second' };
    const kept = aiChat();
    const result = await phone.push([
      putChat(chat),
      putMessage(message),
      putMessage(regenerated),
      putChat({ ...chat, summary: 'Renamed' }, 1),
      putChat(kept),
      { kind: 'chat-deleted', id: chat.id },
      putMessage(message),
    ]);
    expect(result.results).toEqual([
      { status: 'applied', revision: 1 },
      { status: 'applied', revision: 2 },
      { status: 'applied', revision: 3 },
      { status: 'applied', revision: 4 },
      { status: 'applied', revision: 5 },
      { status: 'applied', revision: 6 },
      { status: 'deleted' },
    ]);
    expect((await phone.chats()).changes).toEqual([
      { kind: 'chat', revision: 5, chat: kept },
      { kind: 'chat-deleted', revision: 6, id: chat.id },
    ]);
    expect((await phone.messages()).changes).toEqual([]);
    expect((await phone.settings()).usedBytes).toBe(Buffer.byteLength(JSON.stringify(kept)));
  });

  it('keeps accounts apart even when their devices chose the same ids', async () => {
    const alice = await device();
    const bob = await device();
    const chat = aiChat({ summary: "Alice's secret" });
    const message = aiMessage(chat.id, { prompt: "Alice's question" });
    await alice.push([putChat(chat), putMessage(message)]);

    expect((await bob.chats()).changes).toEqual([]);
    expect((await bob.messages()).changes).toEqual([]);
    const bobs = { ...chat, summary: "Bob's chat" };
    expect(
      (await bob.push([putChat(bobs), putMessage({ ...message, prompt: 'Bob asks' })])).results,
    ).toEqual([
      { status: 'applied', revision: 1 },
      { status: 'applied', revision: 2 },
    ]);
    await bob.push([{ kind: 'chat-deleted', id: chat.id }]);

    expect((await alice.chats()).changes).toEqual([{ kind: 'chat', revision: 1, chat }]);
    expect((await alice.messages()).changes).toEqual([{ kind: 'message', revision: 2, message }]);
    expect((await bob.chats()).changes).toEqual([
      { kind: 'chat-deleted', revision: 3, id: chat.id },
    ]);
  });

  it('counts revisions up across pushes and pulls only what changed after `since`', async () => {
    const phone = await device();
    const a = aiChat({ summary: 'a' });
    const b = aiChat({ summary: 'b' });
    await phone.push([putChat(a)]);
    await phone.push([putChat(b)]);
    const renamed = { ...a, summary: 'a2' };
    await phone.push([putChat(renamed, 1)]);
    const all = await phone.chats(0);
    expect(all.settings.revision).toBe(3);
    expect(all.changes.map((c) => c.revision)).toEqual([2, 3]);
    expect((await phone.chats(2)).changes).toEqual([{ kind: 'chat', revision: 3, chat: renamed }]);
    expect((await phone.chats(3)).changes).toEqual([]);
  });

  it('gives concurrent pushes of one account distinct revisions with no gap', async () => {
    const phone = await device();
    const chats = Array.from({ length: 12 }, () => aiChat());
    const pushes = await Promise.all(chats.map((chat) => phone.push([putChat(chat)])));
    const revisions = pushes.map((p) => p.revision).sort((a, b) => a - b);
    expect(revisions).toEqual(chats.map((_, i) => i + 1));
    const { settings, changes } = await phone.chats();
    expect(settings.revision).toBe(chats.length);
    expect(changes.map((c) => c.revision)).toEqual(revisions);
  });

  it('pages message pulls and says when more follow', async () => {
    const phone = await device();
    const chat = aiChat();
    const total = aiHistoryPageMax + 5;
    const messages = Array.from({ length: total }, (_, i) =>
      aiMessage(chat.id, { prompt: `question ${i}` }),
    );
    for (let i = 0; i < total; i += aiHistoryPushMax) {
      await phone.push(messages.slice(i, i + aiHistoryPushMax).map(putMessage));
    }
    const first = await phone.messages(0);
    expect(first.more).toBe(true);
    expect(first.changes).toHaveLength(aiHistoryPageMax);
    const last = first.changes.at(-1)!.revision;
    const second = await phone.messages(last);
    expect(second.more).toBe(false);
    const pulled = [...first.changes, ...second.changes].map((c) =>
      c.kind === 'message' ? c.message : undefined,
    );
    expect(pulled).toEqual(messages);
  });

  it('refuses bad pushes with a 400 and stores nothing of them', async () => {
    const phone = await device();
    const chat = aiChat();
    const bodies: object[] = [
      {},
      { changes: [] },
      { changes: Array.from({ length: aiHistoryPushMax + 1 }, () => putChat(aiChat())) },
      { changes: [putChat(chat), { kind: 'chat-renamed', id: chat.id }] },
      { changes: [putChat(aiChat({ id: 'x'.repeat(65) }))] },
      { changes: [putChat(chat), putMessage(aiMessage(chat.id, { prompt: 'a\u0000b' }))] },
      { changes: [{ ...putChat(chat), extra: 1 }] },
      { changes: [putChat(chat, -1)] },
    ];
    for (const body of bodies) {
      const response = await phone.call('POST', aiHistoryRoutes.chats, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 100)).toBe(400);
      // A readable message naming what is wrong, never an internal detail.
      expect(response.json<unknown>()).toEqual({
        statusCode: 400,
        code: 'VALIDATION_ERROR',
        message: expect.any(String),
        fields: expect.any(Object),
      });
    }
    for (const query of ['since=-1', 'since=abc', 'since=1.5', 'other=1']) {
      const response = await phone.call('GET', `${aiHistoryRoutes.messages}?${query}`);
      expect(response.statusCode, query).toBe(400);
    }
    expect((await phone.call('PUT', aiHistoryRoutes.settings, { mode: 'cloud' })).statusCode).toBe(
      400,
    );
    expect(await phone.chats()).toMatchObject({
      settings: { mode: 'synced', revision: 0, usedBytes: 0 },
      changes: [],
    });
  });

  it('keeps the user id from the session: a signed-out device gets 401 on every route', async () => {
    for (const [method, url] of [
      ['GET', aiHistoryRoutes.chats],
      ['POST', aiHistoryRoutes.chats],
      ['GET', aiHistoryRoutes.messages],
      ['GET', aiHistoryRoutes.settings],
      ['PUT', aiHistoryRoutes.settings],
    ] as const) {
      const response = await t.app.inject({ method, url, payload: { mode: 'device' } });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('in device-only mode holds nothing, refuses pushes, and syncs again when turned back on', async () => {
    const phone = await device();
    const chat = aiChat();
    await phone.push([putChat(chat), putMessage(aiMessage(chat.id))]);

    expect(await phone.setMode('device')).toMatchObject({
      mode: 'device',
      revision: 3,
      usedBytes: 0,
    });
    expect(await phone.chats()).toMatchObject({
      settings: { mode: 'device', revision: 3, usedBytes: 0 },
      changes: [],
    });
    expect((await phone.messages()).changes).toEqual([]);
    const refused = await phone.call('POST', aiHistoryRoutes.chats, {
      changes: [putChat(aiChat())],
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<unknown>()).toMatchObject({
      code: 'CONFLICT',
      message: aiHistoryDeviceOnlyMessage,
    });
    // Asking again for the mode it has changes nothing.
    expect((await phone.setMode('device')).revision).toBe(3);

    expect(await phone.setMode('synced')).toMatchObject({ mode: 'synced', revision: 4 });
    expect((await phone.push([putChat(chat)])).results).toEqual([
      { status: 'applied', revision: 5 },
    ]);
  });
});

describe.each(databaseTargets)('AI history storage limit on $engine', (target) => {
  let t: TestApp;
  const chat = aiChat({ summary: 'Limited' });
  const message = aiMessage(chat.id, { reply: 'x'.repeat(300) });
  const large = aiMessage(chat.id, { reply: 'y'.repeat(300) });
  const small = aiMessage(chat.id, { reply: 'ok' });
  const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));
  // Room for the chat, one long message and the short one: not for the second long one.
  const maxBytes = bytes(chat) + bytes(message) + bytes(small);

  beforeAll(async () => {
    t = await startTestApp(target, { aiHistoryMaxBytes: maxBytes });
  });
  afterAll(() => t.close());

  it('answers full for what does not fit, stores nothing of it, and applies the rest', async () => {
    const { cookie } = await signUp(t.app);
    const phone = aiHistoryAs(t.app, cookie);
    const full = { status: 'full', message: aiHistoryFullMessage(maxBytes) };
    expect(
      await phone.push([putChat(chat), putMessage(message), putMessage(large), putMessage(small)]),
    ).toEqual({
      results: [
        { status: 'applied', revision: 1 },
        { status: 'applied', revision: 2 },
        full,
        { status: 'applied', revision: 3 },
      ],
      revision: 3,
    });
    expect((await phone.messages()).changes).toEqual([
      { kind: 'message', revision: 2, message },
      { kind: 'message', revision: 3, message: small },
    ]);
    expect((await phone.chats()).settings).toMatchObject({ usedBytes: maxBytes, maxBytes });
    // A rename that makes the chat longer does not fit either.
    expect((await phone.push([putChat({ ...chat, summary: 'Longer name' }, 1)])).results).toEqual([
      full,
    ]);

    // Deleting frees the room again.
    await phone.push([{ kind: 'message-deleted', id: message.id, chatId: chat.id }]);
    expect((await phone.push([putMessage(large)])).results).toEqual([
      { status: 'applied', revision: 5 },
    ]);
  });

  it('answers full for a message following one the limit kept out, though it fits', async () => {
    const { cookie } = await signUp(t.app);
    const phone = aiHistoryAs(t.app, cookie);
    await phone.push([putChat(chat)]);
    const huge = aiMessage(chat.id, { parentId: null, reply: 'z'.repeat(1000) });
    const next = aiMessage(chat.id, { parentId: huge.id, reply: 'ok' });
    const full = { status: 'full', message: aiHistoryFullMessage(maxBytes) };
    expect((await phone.push([putMessage(huge), putMessage(next)])).results).toEqual([full, full]);
    expect((await phone.messages()).changes).toEqual([]);
  });
});
