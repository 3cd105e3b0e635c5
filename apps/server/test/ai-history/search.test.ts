import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AiHistorySearchResult } from '@confab/protocol/ai-history-search';
import type { AiHistoryPushChange } from '@confab/protocol/ai-history';
import { migrations } from '../../src/db/migrations/index';
import { searchRecentWindow } from '../../src/repositories/ai-history.repository';
import {
  aiChat,
  aiHistoryAs,
  aiMessage,
  putChat,
  putMessage,
  searchUrl,
} from '../helpers/ai-history';
import { databaseTargets } from '../helpers/database-targets';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { signUp } from '../helpers/users';

/** What a user reads of a result: the snippet with its highlighted parts. */
function marked(result: AiHistorySearchResult): string[] {
  return result.highlights.map(([start, end]) => result.snippet.slice(start, end));
}

// A user searching their AI chats' messages from any device.
describe.each(databaseTargets)('AI history search on $engine', (target) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(() => t.close());

  async function device() {
    const { cookie } = await signUp(t.app);
    return aiHistoryAs(t.app, cookie);
  }

  it('finds English words in prompts and replies whatever their case, newest first, with highlights', async () => {
    const phone = await device();
    const chat = aiChat({ summary: 'Trip plans' });
    const older = aiMessage(chat.id, {
      prompt: 'Where should we go in spring?',
      reply: 'Lisbon is lovely in April. LISBON has trams, and lisbon has tiles.',
      createdAt: 1_000,
    });
    const newer = aiMessage(chat.id, {
      prompt: 'Is Lisbon far from Porto?',
      reply: 'About three hours by train.',
      createdAt: 2_000,
    });
    const other = aiMessage(chat.id, { prompt: 'Hello', reply: 'Hi there', createdAt: 3_000 });
    await phone.push([putChat(chat), putMessage(older), putMessage(newer), putMessage(other)]);

    const results = await phone.search('lisBON');
    expect(results.map((r) => [r.messageId, r.field, r.chatTitle, r.chatId, r.createdAt])).toEqual([
      [newer.id, 'prompt', 'Trip plans', chat.id, 2_000],
      [older.id, 'reply', 'Trip plans', chat.id, 1_000],
    ]);
    expect(results[0]!.snippet).toBe('Is Lisbon far from Porto?');
    expect(marked(results[0]!)).toEqual(['Lisbon']);
    // Every occurrence in the snippet, as written.
    expect(results[1]!.snippet).toBe(older.reply);
    expect(marked(results[1]!)).toEqual(['Lisbon', 'LISBON', 'lisbon']);
  });

  it('finds Chinese text, two characters as well as four', async () => {
    const phone = await device();
    const chat = aiChat({ summary: '天气' });
    const weather = aiMessage(chat.id, {
      prompt: '今天天气怎么样？',
      reply: '北京今天晴，气温二十度。',
      createdAt: 1_000,
    });
    const tea = aiMessage(chat.id, {
      prompt: '推荐一种茶',
      reply: '龙井茶很好。',
      createdAt: 2_000,
    });
    await phone.push([putChat(chat), putMessage(weather), putMessage(tea)]);

    for (const query of ['天气', '今天天气', '气温二十度']) {
      const results = await phone.search(query);
      expect(
        results.map((r) => r.messageId),
        query,
      ).toEqual([weather.id]);
      expect(marked(results[0]!), query).toEqual([query]);
    }
    expect((await phone.search('气温')).map((r) => r.field)).toEqual(['reply']);
    expect(await phone.search('咖啡')).toEqual([]);
    expect((await phone.search('茶')).map((r) => r.messageId)).toEqual([tea.id]);
  });

  it('takes % _ and \\ literally', async () => {
    const phone = await device();
    const chat = aiChat();
    const texts = ['100% sure', '1000 sure', 'snake_case', 'snakeXcase', 'C:\\temp', 'C:temp'];
    const messages = texts.map((reply, i) => aiMessage(chat.id, { reply, createdAt: i }));
    await phone.push([putChat(chat), ...messages.map(putMessage)]);
    const found = async (q: string) => (await phone.search(q)).map((r) => r.snippet);
    expect(await found('0%')).toEqual(['100% sure']);
    expect(await found('%')).toEqual(['100% sure']);
    expect(await found('e_c')).toEqual(['snake_case']);
    expect(await found('_')).toEqual(['snake_case']);
    expect(await found(':\\t')).toEqual(['C:\\temp']);
    expect(await found('\\')).toEqual(['C:\\temp']);
  });

  it('forgets deleted messages, deleted chats, regenerated replies and a device-only account', async () => {
    const phone = await device();
    const kept = aiChat();
    const dropped = aiChat();
    const keep = aiMessage(kept.id, { reply: 'zebra one', createdAt: 1 });
    const gone = aiMessage(kept.id, { reply: 'zebra two', createdAt: 2 });
    const inDropped = aiMessage(dropped.id, { reply: 'zebra three', createdAt: 3 });
    const regenerated = aiMessage(kept.id, { reply: 'first giraffe', createdAt: 4 });
    await phone.push([
      putChat(kept),
      putChat(dropped),
      ...[keep, gone, inDropped, regenerated].map(putMessage),
    ]);
    expect(await phone.search('zebra')).toHaveLength(3);

    await phone.push([
      { kind: 'message-deleted', id: gone.id, chatId: kept.id },
      { kind: 'chat-deleted', id: dropped.id },
      putMessage({ ...regenerated, reply: 'second okapi' }),
    ]);
    expect((await phone.search('zebra')).map((r) => r.messageId)).toEqual([keep.id]);
    expect(await phone.search('giraffe')).toEqual([]);
    expect((await phone.search('okapi')).map((r) => r.snippet)).toEqual(['second okapi']);

    await phone.setMode('device');
    expect(await phone.search('zebra')).toEqual([]);
    expect(await phone.search('ze')).toEqual([]);
  });

  it("never shows another account's messages", async () => {
    const mine = await device();
    const theirs = await device();
    const chat = aiChat();
    // The same client ids in both accounts.
    const message = aiMessage(chat.id, { prompt: 'secret walrus plan', createdAt: 1 });
    await theirs.push([putChat(chat), putMessage(message)]);
    await mine.push([putChat(chat), putMessage({ ...message, prompt: 'my own plan' })]);
    for (const query of ['walrus', 'wa', 'secret walrus plan']) {
      expect(await mine.search(query), query).toEqual([]);
    }
    expect((await mine.search('plan')).map((r) => r.snippet)).toEqual(['my own plan']);
  });

  it('cuts a snippet of about 160 characters around the first match', async () => {
    const phone = await device();
    const chat = aiChat();
    const reply = `${'a'.repeat(300)} needle ${'b'.repeat(300)}\nnext line`;
    await phone.push([putChat(chat), putMessage(aiMessage(chat.id, { reply }))]);
    const [result] = await phone.search('NEEDLE');
    expect(result!.snippet.startsWith('…')).toBe(true);
    expect(result!.snippet.endsWith('…')).toBe(true);
    expect(result!.snippet.length).toBeLessThanOrEqual(162);
    expect(marked(result!)).toEqual(['needle']);
  });

  it("finds a match older than the account's newest messages, and the newest of a common word first", async () => {
    const phone = await device();
    const chat = aiChat();
    const old = aiMessage(chat.id, { prompt: 'the rare quokka and 袋鼠', createdAt: 0 });
    const filler = Array.from({ length: searchRecentWindow + 100 }, (_, i) =>
      aiMessage(chat.id, { prompt: `common word ${i}`, reply: 'ok', createdAt: i + 1 }),
    );
    const changes: AiHistoryPushChange[] = [
      putChat(chat),
      putMessage(old),
      ...filler.map(putMessage),
    ];
    for (let i = 0; i < changes.length; i += 200) await phone.push(changes.slice(i, i + 200));

    expect((await phone.search('quokka')).map((r) => r.messageId)).toEqual([old.id]);
    expect((await phone.search('袋鼠')).map((r) => r.messageId)).toEqual([old.id]);
    // Another account as large, whose search goes through the same indexes: nothing of these.
    const other = await device();
    const theirs = aiChat();
    const theirChanges = [
      putChat(theirs),
      ...filler.map((m) => putMessage({ ...m, id: `${m.id}-b`, chatId: theirs.id })),
    ];
    for (let i = 0; i < theirChanges.length; i += 200)
      await other.push(theirChanges.slice(i, i + 200));
    for (const query of ['quokka', '袋鼠', '鼠', 'qu']) {
      expect(await other.search(query), query).toEqual([]);
    }
    const common = await phone.search('common', 3);
    expect(common.map((r) => r.createdAt)).toEqual([
      searchRecentWindow + 100,
      searchRecentWindow + 99,
      searchRecentWindow + 98,
    ]);
    expect(await phone.search('COMMON')).toHaveLength(20);
  });

  it('refuses an empty, too long or NUL query, and a bad limit, readably', async () => {
    const phone = await device();
    const refused = async (url: string) => {
      const reply = await phone.call('GET', url);
      expect(reply.statusCode, url).toBe(400);
      return reply.json<{ message: string }>().message;
    };
    expect(await refused(searchUrl('   '))).toMatch(/Type something to search for/);
    expect(await refused(searchUrl('x'.repeat(201)))).toMatch(/at most 200 characters/);
    expect(await refused(searchUrl('a\u0000b'))).toMatch(/NUL/);
    await refused(searchUrl('ok', 51));
    await refused(searchUrl('ok', 0));
    expect(await phone.search(` ${'x'.repeat(200)} `)).toEqual([]);
    const anonymous = await t.app.inject({ method: 'GET', url: searchUrl('ok') });
    expect(anonymous.statusCode).toBe(401);
  });
});

// Messages stored before migration 0011 are found once it has run.
describe.each(databaseTargets)('AI history search migration on $engine', (target) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(() => t.close());

  it('indexes the messages already stored', async () => {
    const { cookie } = await signUp(t.app);
    const phone = aiHistoryAs(t.app, cookie);
    const chat = aiChat({ summary: 'Before search' });
    const filler = Array.from({ length: searchRecentWindow }, (_, i) =>
      aiMessage(chat.id, { prompt: `filler ${i}`, createdAt: 10 + i }),
    );
    const old = aiMessage(chat.id, { prompt: 'ÄRGER über 天气预报', createdAt: 1 });
    const changes = [putChat(chat), putMessage(old), ...filler.map(putMessage)];
    for (let i = 0; i < changes.length; i += 200) await phone.push(changes.slice(i, i + 200));

    const migrator = new Migrator({
      db: t.app.database.db,
      provider: { getMigrations: () => Promise.resolve(migrations) },
    });
    expect((await migrator.migrateTo('0010-ai-history')).error).toBeUndefined();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();

    // Past the newest messages, so through the index the migration filled.
    for (const query of ['ärger', 'Ärger über', '天气', '天气预报']) {
      expect(
        (await phone.search(query)).map((r) => r.messageId),
        query,
      ).toEqual([old.id]);
    }
  });
});
