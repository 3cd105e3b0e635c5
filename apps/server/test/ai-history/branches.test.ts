import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  aiHistoryMissingParentMessage,
  aiHistoryRoutes,
  type AiHistoryPushChange,
} from '@confab/protocol/ai-history';
import { migrations } from '../../src/db/migrations/index';
import { AiHistoryRepository } from '../../src/repositories/ai-history.repository';
import { aiChat, aiHistoryAs, aiMessage, putChat, putMessage } from '../helpers/ai-history';
import { databaseTargets } from '../helpers/database-targets';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { signUp } from '../helpers/users';

// Versions and branches of AI chats (docs/product.md#versions-and-branches): each message
// names the message it follows; the server keeps the trees whole.
describe.each(databaseTargets)('AI history branches on $engine', (target) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(() => t.close());

  async function device() {
    const { cookie, user } = await signUp(t.app);
    return { ...aiHistoryAs(t.app, cookie), userId: user.id };
  }

  /** A first message and a reply to it, stored. */
  async function started(phone: Awaited<ReturnType<typeof device>>) {
    const chat = aiChat();
    const first = aiMessage(chat.id, { parentId: null, createdAt: 1 });
    await phone.push([putChat(chat), putMessage(first)]);
    return { chat, first };
  }

  it('keeps versions beside each other, and which one was chosen', async () => {
    const phone = await device();
    const { chat, first } = await started(phone);
    const v1 = aiMessage(chat.id, { parentId: first.id, reply: 'One', createdAt: 2 });
    // A parent may come later in the same push than the message that follows it.
    const after = aiMessage(chat.id, { parentId: v1.id, createdAt: 3 });
    const v2 = aiMessage(chat.id, { parentId: first.id, reply: 'Two', createdAt: 4 });
    const pushed = await phone.push([putMessage(after), putMessage(v1), putMessage(v2)]);
    expect(pushed.results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied']);
    const chosen = { ...v1, selectedAt: 5 };
    expect((await phone.push([putMessage(chosen)])).results[0]?.status).toBe('applied');

    const messages = (await phone.messages()).changes.flatMap((c) =>
      c.kind === 'message' ? [c.message] : [],
    );
    expect(messages).toEqual(expect.arrayContaining([first, after, v2, chosen]));
  });

  it('refuses with a 400 a message whose parent is in another chat, or a loop', async () => {
    const phone = await device();
    const { chat, first } = await started(phone);
    const elsewhere = await started(phone);
    const a = aiMessage(chat.id, { parentId: first.id, createdAt: 2 });
    await phone.push([putMessage(a)]);
    const b = aiMessage(chat.id, { createdAt: 3 });
    const c = aiMessage(chat.id, { createdAt: 4 });
    const bad: [string, AiHistoryPushChange[]][] = [
      ['another chat', [putMessage({ ...b, parentId: elsewhere.first.id })]],
      [
        'another chat in the same push',
        [putMessage({ ...c, chatId: elsewhere.chat.id }), putMessage({ ...b, parentId: c.id })],
      ],
      ['itself', [putMessage({ ...b, parentId: b.id })]],
      [
        'a loop in one push',
        [putMessage({ ...b, parentId: c.id }), putMessage({ ...c, parentId: b.id })],
      ],
      ['a loop through stored ones', [putMessage({ ...first, parentId: a.id })]],
    ];
    const before = await phone.settings();
    for (const [what, changes] of bad) {
      const response = await phone.call('POST', aiHistoryRoutes.chats, { changes });
      expect(response.statusCode, what).toBe(400);
      expect(response.json<{ code: string; message: string }>(), what).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: expect.stringMatching(/follow/),
      });
    }
    // Nothing of them was stored.
    expect(await phone.settings()).toEqual(before);
  });

  it('answers missing-parent for a message whose parent it lacks, and applies the rest', async () => {
    const phone = await device();
    const other = await device();
    const { chat, first } = await started(phone);
    const foreign = await started(other);
    const renamed = { ...chat, summary: 'Renamed' };
    const lost = aiMessage(chat.id, { parentId: 'never-stored', createdAt: 2 });
    // Another account's message is unknown here, as if it did not exist.
    const stranger = aiMessage(chat.id, { parentId: foreign.first.id, createdAt: 3 });
    // What follows a message the server does not take is not taken either.
    const after = aiMessage(chat.id, { parentId: lost.id, createdAt: 4 });
    const good = aiMessage(chat.id, { parentId: first.id, createdAt: 5 });
    const before = await phone.settings();

    const response = await phone.call('POST', aiHistoryRoutes.chats, {
      changes: [
        putChat(renamed, before.revision),
        putMessage(after),
        putMessage(lost),
        putMessage(stranger),
        putMessage(good),
      ],
    });
    expect(response.statusCode).toBe(200);
    const missing = { status: 'missing-parent', message: aiHistoryMissingParentMessage };
    expect(response.json<{ data: unknown }>().data).toEqual({
      results: [
        { status: 'applied', revision: before.revision + 1 },
        missing,
        missing,
        missing,
        { status: 'applied', revision: before.revision + 2 },
      ],
      revision: before.revision + 2,
    });

    const changes = (await phone.messages(before.revision)).changes;
    expect(changes).toEqual([{ kind: 'message', revision: before.revision + 2, message: good }]);
    expect((await phone.chats(before.revision)).changes).toEqual([
      { kind: 'chat', revision: before.revision + 1, chat: renamed },
    ]);
    // Once its parent is sent, it is taken.
    const lostParent = aiMessage(chat.id, { id: 'never-stored', parentId: first.id, createdAt: 1 });
    expect((await phone.push([putMessage(lostParent), putMessage(lost)])).results).toEqual([
      { status: 'applied', revision: before.revision + 3 },
      { status: 'applied', revision: before.revision + 4 },
    ]);
  });

  it('answers deleted for a message following one deleted on another device', async () => {
    const phone = await device();
    const { chat, first } = await started(phone);
    const gone = aiMessage(chat.id, { parentId: first.id, createdAt: 2 });
    await phone.push([putMessage(gone)]);
    await phone.push([{ kind: 'message-deleted', id: gone.id, chatId: chat.id }]);
    const late = aiMessage(chat.id, { parentId: gone.id, createdAt: 3 });
    expect((await phone.push([putMessage(late)])).results).toEqual([{ status: 'deleted' }]);
  });

  it('accepts messages without a parent from devices from before versions', async () => {
    const phone = await device();
    const { chat } = await started(phone);
    const old = aiMessage(chat.id, { createdAt: 2 });
    expect((await phone.push([putMessage(old)])).results[0]?.status).toBe('applied');
  });
});

// Messages stored before migration 0013 become one path per chat.
describe.each(databaseTargets)('AI history parents migration on $engine', (target) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(() => t.close());

  it('links each stored message to the one created before it in its chat', async () => {
    const { cookie, user } = await signUp(t.app);
    const phone = aiHistoryAs(t.app, cookie);
    const chats = [aiChat(), aiChat()];
    const messages = chats.flatMap((chat) =>
      [3, 1, 2].map((createdAt) => aiMessage(chat.id, { createdAt, prompt: `${createdAt}` })),
    );
    await phone.push([...chats.map((c) => putChat(c)), ...messages.map(putMessage)]);

    const migrator = new Migrator({
      db: t.app.database.db,
      provider: { getMigrations: () => Promise.resolve(migrations) },
    });
    expect((await migrator.migrateTo('0012-ai-provider-settings')).error).toBeUndefined();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();

    const repository = new AiHistoryRepository(t.app.database.db, t.app.database.engine);
    const links = await repository.messageLinks(
      user.id,
      chats.map((c) => c.id),
    );
    const promptOf = (id: string | null) => messages.find((m) => m.id === id)?.prompt ?? null;
    for (const chat of chats) {
      const mine = links.filter((l) => l.chat_id === chat.id);
      expect(mine.map((l) => [promptOf(l.id), promptOf(l.parent_id)]).sort(), chat.id).toEqual([
        ['1', null],
        ['2', '1'],
        ['3', '2'],
      ]);
    }
    // A device with versions continues from them.
    const next = aiMessage(chats[0]!.id, { parentId: messages[0]!.id, createdAt: 4 });
    expect((await phone.push([putMessage(next)])).results[0]?.status).toBe('applied');
  });
});
