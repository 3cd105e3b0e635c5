// npm run bench:realtime:history — a page of 50 from a chat of 1,000,000 messages on SQLite
// (budget: p99 under 5 ms). Three ways in one run, on one database file:
//  - baseline: the page's query as a raw better-sqlite3 prepared statement (the floor);
//  - service: MessagesService.page (access check, the `before` lookup, the page, the views);
//  - route: GET /api/chat-social-msg/{chatId}/messages?limit=50&before=... through app.inject
//    (session, validation, service, reply serialisation; no network).
// Each request asks for the page before a random message, so the whole chat is read from.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import type { SessionUser } from '@confab/protocol/auth';
import type { Contact } from '@confab/protocol/contacts';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';

const total = Number(process.env.BENCH_MESSAGES ?? 1_000_000);
const requests = Number(process.env.BENCH_REQUESTS ?? 2_000);
const warmup = 200;
const block = 100;
const pageSize = 50;
const budgetMs = 5;

const dataDir = mkdtempSync(join(tmpdir(), 'confab-bench-history-'));
const app = await buildApp(
  { ...loadConfig({}), dataDir, webDistDir: null, logLevel: 'silent' },
  { logger: false },
);
await app.ready();

try {
  const { cookie, user: alice } = await register('alice');
  const bob = await register('bob');
  const request = await post('/api/chat-social-msg/contacts/add', cookie, {
    receiverName: 'bench_bob',
  });
  const accepted = await post('/api/chat-social-msg/contacts/accept', bob.cookie, {
    contact: request.id,
  });
  const chatId = accepted.chatId!;

  const started = performance.now();
  seed(join(dataDir, 'confab.db'), chatId, [alice.id, bob.user.id], total);
  console.log(`seeded ${total.toLocaleString('en')} messages in ${seconds(started)}`);

  const raw = new SQLite(join(dataDir, 'confab.db'), { readonly: true });
  const seqOf = raw.prepare<[string, string], { seq: number }>(
    'select seq from messages where id = ? and chat_id = ?',
  );
  const idAt = raw.prepare<[string, number], { id: string }>(
    'select id from messages where chat_id = ? and seq = ?',
  );
  const pageQuery = raw.prepare(
    `select messages.*, users.username as sender_username from messages
     inner join users on users.id = messages.sender_id
     where messages.chat_id = ? and messages.seq < ? order by messages.seq desc limit ?`,
  );
  const service = app.services.messages;
  const viewer: SessionUser = alice;

  const ways: Record<string, (before: string) => Promise<number>> = {
    'raw prepared statement (floor)': (before) => {
      const { seq } = seqOf.get(before, chatId)!;
      return Promise.resolve(pageQuery.all(chatId, seq, pageSize + 1).length);
    },
    'MessagesService.page': async (before) =>
      (await service.page(viewer, chatId, { limit: pageSize, before })).messages.length,
    'GET .../messages?limit=50&before (inject)': async (before) => {
      const response = await app.inject({
        method: 'GET',
        url: `/api/chat-social-msg/${chatId}/messages?limit=${pageSize}&before=${before}`,
        headers: { cookie },
      });
      if (response.statusCode !== 200) throw new Error(response.body);
      return 50;
    },
  };
  const times = Object.fromEntries(Object.keys(ways).map((name) => [name, [] as number[]]));
  // Picked before the clock starts, so the pick is not measured.
  const randomBefore = () =>
    idAt.get(chatId, pageSize + 1 + Math.floor(Math.random() * (total - pageSize)))!.id;
  for (const way of Object.values(ways)) {
    for (let i = 0; i < warmup; i += 1) await way(randomBefore());
  }
  // Alternate in blocks so every way sees the same machine state.
  for (let done = 0; done < requests; done += block) {
    for (const [name, way] of Object.entries(ways)) {
      for (let i = 0; i < block; i += 1) {
        const before = randomBefore();
        const start = performance.now();
        const count = await way(before);
        times[name]!.push(performance.now() - start);
        if (count < pageSize) throw new Error(`${name}: a page of ${count}`);
      }
    }
  }
  raw.close();

  console.log(`\npage of ${pageSize} before a random message, ${requests} requests each:`);
  for (const [name, list] of Object.entries(times)) {
    console.log(
      `  ${name.padEnd(44)} p50 ${ms(quantile(list, 0.5))}   p99 ${ms(quantile(list, 0.99))}`,
    );
  }
  const routeP99 = quantile(times['GET .../messages?limit=50&before (inject)']!, 0.99);
  const serviceP99 = quantile(times['MessagesService.page']!, 0.99);
  console.log(
    `\nbudget p99 < ${budgetMs} ms: service ${serviceP99 < budgetMs ? 'met' : 'MISSED'}, route ${routeP99 < budgetMs ? 'met' : 'MISSED'}`,
  );
} finally {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}

/**
 * Inserts `count` messages alternating between the two users, in one transaction, 500 rows a
 * statement. The two secondary indexes are built after the rows (a sort rather than a million
 * random inserts), with the migration's definitions, so the file ends as the app makes it.
 */
function seed(file: string, chatId: string, senders: string[], count: number): void {
  const db = new SQLite(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  // Random UUID keys land all over the primary key's index: a large cache keeps it in memory.
  db.pragma('cache_size = -262144');
  const indexes = db
    .prepare<[], { name: string; sql: string }>(
      "select name, sql from sqlite_master where type = 'index' and tbl_name = 'messages' and sql is not null",
    )
    .all();
  const columns = '(id, chat_id, seq, sender_id, client_id, content, content_type, created_at)';
  const insertOf = (rows: number) =>
    db.prepare(
      `insert into messages ${columns} values ${Array(rows).fill('(?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
    );
  const rowsPerInsert = 500;
  const insert = insertOf(rowsPerInsert);
  const start = Date.now() - count * 1000;
  db.transaction(() => {
    for (const { name } of indexes) db.exec(`drop index ${name}`);
    const values: unknown[] = [];
    for (let seq = 1; seq <= count; seq += 1) {
      const sender = senders[seq % senders.length]!;
      values.push(randomUUID(), chatId, seq, sender, randomUUID(), `message ${seq}`, 'text');
      values.push(start + seq);
      if (values.length === rowsPerInsert * 8) {
        insert.run(values);
        values.length = 0;
      }
    }
    if (values.length > 0) insertOf(values.length / 8).run(values);
    for (const { sql } of indexes) db.exec(sql);
    db.prepare('update chats set last_seq = ? where id = ?').run(count, chatId);
    db.prepare('update chat_participants set unread = ? where chat_id = ?').run(count / 2, chatId);
  })();
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.exec('analyze');
  db.close();
}

async function register(name: string): Promise<{ cookie: string; user: SessionUser }> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/_auth/register',
    payload: {
      username: `bench_${name}`,
      email: `${name}@bench.example`,
      password: 'correct horse battery',
    },
  });
  const cookie = response.cookies.find((c) => c.name === 'confab_session');
  if (!cookie) throw new Error(`register failed: ${response.body}`);
  return {
    cookie: `confab_session=${cookie.value}`,
    user: response.json<{ user: SessionUser }>().user,
  };
}

async function post(url: string, cookie: string, payload: object): Promise<Contact> {
  const response = await app.inject({ method: 'POST', url, headers: { cookie }, payload });
  if (response.statusCode !== 200) throw new Error(`${url}: ${response.body}`);
  return response.json<{ data: { contact: Contact } }>().data.contact;
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

function ms(value: number): string {
  return `${value.toFixed(3)} ms`;
}

function seconds(since: number): string {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`;
}
