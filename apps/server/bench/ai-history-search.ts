// npm run bench:ai-history:search — search of an account's AI messages
// (docs/product.md#ai-history-search). One account holds BENCH_MESSAGES messages (100,000 by
// default; prompts of about 120 characters, replies of about 500, in English or Chinese), a
// baseline account 1,000 of the same kind, and a few other accounts some more (their rows are
// in the index too). Rows are written through the repository (as a push writes them, index
// included), in transactions of 1,000. Then BENCH_QUERIES mixed queries (English common, rare
// and absent words, any case; Chinese of 2 and 4 characters, common, rare and absent) go
// through the real route (app.inject: routing, validation, session, database, snippets) as
// each account, and p50/p99 are reported per account and per kind of query. On SQLite and on
// PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL, a server where a scratch database is
// made; BENCH_PATHS=sqlite,pg).
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { AiHistoryRepository, type AiMessageRow } from '../src/repositories/ai-history.repository';
import { aiChat, aiMessage, searchUrl } from '../test/helpers/ai-history';
import type { DatabaseTarget } from '../test/helpers/database-targets';
import { startTestApp } from '../test/helpers/test-app';
import { signUp } from '../test/helpers/users';

const messageCount = Number(process.env.BENCH_MESSAGES ?? 100_000);
const baselineCount = 1_000;
const queryCount = Number(process.env.BENCH_QUERIES ?? 400);
const paths = (process.env.BENCH_PATHS ?? 'sqlite,pg').split(',');
const pgServer =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';

// A deterministic generator, so every run searches the same text.
let seed = 42;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

const english =
  'the a model data answer question time system function value error result server client user request table index query word search message chat reply prompt history sync device account token stream cache network memory file code test build release version change update issue'.split(
    ' ',
  );
const chinese =
  '数据模型问题答案时间系统函数错误结果服务器客户端用户请求索引查询搜索消息聊天回复历史同步设备账户网络内存文件代码测试版本更新'.split(
    '',
  );
// Words put into few messages (about 1 in 2,000), and words in none.
const rareEnglish = ['quokka', 'zephyr', 'marzipan', 'obsidian'];
const rareChinese = ['袋鼠', '琵琶', '珊瑚礁石', '熊猫宝宝'];
const absentEnglish = ['xylophonist', 'qwv'];
const absentChinese = ['骆驼', '蝴蝶效应'];

function sentence(length: number): string {
  const zh = random() < 0.3;
  let text = '';
  while (text.length < length) {
    if (random() < 0.0005) text += ` ${pick(zh ? rareChinese : rareEnglish)} `;
    text += zh
      ? pick(chinese)
      : `${random() < 0.05 ? pick(english).toUpperCase() : pick(english)} `;
  }
  return text;
}

async function seedAccount(app: FastifyInstance, count: number): Promise<string> {
  const { cookie, user } = await signUp(app);
  const chats = Array.from({ length: Math.max(1, Math.ceil(count / 50)) }, () =>
    aiChat({ summary: sentence(30) }),
  );
  await app.database.db.transaction().execute(async (trx) => {
    const writer = new AiHistoryRepository(trx, app.database.engine);
    await writer.lockAccount(user.id);
    await writer.putChats(
      chats.map((chat, i) => ({
        user_id: user.id,
        id: chat.id,
        revision: i + 1,
        deleted: 0,
        data: JSON.stringify(chat),
        size: 0,
      })),
    );
  });
  let revision = chats.length;
  for (let start = 0; start < count; start += 1_000) {
    const rows: AiMessageRow[] = [];
    for (let i = start; i < Math.min(count, start + 1_000); i += 1) {
      const chat = chats[Math.floor(i / 50)]!;
      const message = aiMessage(chat.id, {
        id: randomUUID(),
        prompt: sentence(120),
        reply: sentence(500),
        createdAt: 1_700_000_000_000 + i * 1_000,
      });
      const data = JSON.stringify(message);
      revision += 1;
      rows.push({
        user_id: user.id,
        id: message.id,
        chat_id: chat.id,
        revision,
        deleted: 0,
        data,
        size: Buffer.byteLength(data),
        created_at: message.createdAt,
        parent_id: null,
      });
    }
    await app.database.db.transaction().execute(async (trx) => {
      const writer = new AiHistoryRepository(trx, app.database.engine);
      // One statement per 200 rows, as a push writes them.
      for (let i = 0; i < rows.length; i += 200) await writer.putMessages(rows.slice(i, i + 200));
    });
  }
  return cookie;
}

type Kind = string;
function queries(): { kind: Kind; q: string }[] {
  const kinds: [Kind, () => string][] = [
    ['en common', () => pick(english.filter((w) => w.length > 2))],
    ['en common, other case', () => pick(english.filter((w) => w.length > 2)).toUpperCase()],
    ['en rare', () => pick(rareEnglish)],
    ['en absent', () => pick(absentEnglish)],
    ['en 2 chars', () => pick(['th', 'ZZ', 'qu'])],
    ['zh 2 chars common', () => pick(chinese) + pick(chinese)],
    ['zh 2 chars rare', () => pick(rareChinese.filter((w) => w.length === 2))],
    ['zh 2 chars absent', () => absentChinese[0]!],
    ['zh 4 chars rare', () => pick(rareChinese.filter((w) => w.length === 4))],
    ['zh 4 chars absent', () => absentChinese[1]!],
  ];
  return Array.from({ length: queryCount }, (_, i) => {
    const [kind, make] = kinds[i % kinds.length]!;
    return { kind, q: make() };
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const fmt = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(1)} ms  p99 ${percentile(sorted, 99).toFixed(1)} ms  max ${sorted[sorted.length - 1]!.toFixed(1)} ms`;
};

async function run(app: FastifyInstance, cookie: string, label: string) {
  const list = queries();
  // Warm-up: the statements prepared, the pages read once.
  for (const { q } of list.slice(0, 20))
    await app.inject({ method: 'GET', url: searchUrl(q), headers: { cookie } });
  const all: number[] = [];
  const byKind = new Map<Kind, number[]>();
  const found = new Map<Kind, number[]>();
  for (const { kind, q } of list) {
    const started = performance.now();
    const reply = await app.inject({ method: 'GET', url: searchUrl(q), headers: { cookie } });
    const took = performance.now() - started;
    if (reply.statusCode !== 200) throw new Error(`${q}: ${reply.statusCode} ${reply.body}`);
    all.push(took);
    byKind.set(kind, [...(byKind.get(kind) ?? []), took]);
    found.set(kind, [
      ...(found.get(kind) ?? []),
      reply.json<{ data: { results: unknown[] } }>().data.results.length,
    ]);
  }
  console.log(`  ${label.padEnd(28)} all ${list.length} queries: ${fmt(all)}`);
  for (const [kind, times] of byKind) {
    const hits = found.get(kind)!;
    const mean = hits.reduce((a, b) => a + b, 0) / hits.length;
    console.log(`    ${kind.padEnd(24)} ${fmt(times)}  (${mean.toFixed(1)} results on average)`);
  }
  return all;
}

for (const path of paths) {
  const target: DatabaseTarget =
    path === 'pg' ? { engine: 'postgres', serverUrl: pgServer } : { engine: 'sqlite' };
  const t = await startTestApp(target);
  try {
    const started = performance.now();
    const big = await seedAccount(t.app, messageCount);
    const baseline = await seedAccount(t.app, baselineCount);
    for (let i = 0; i < 3; i += 1) await seedAccount(t.app, 2_000);
    console.log(
      `${path}: seeded ${messageCount} + ${baselineCount} + 3 × 2,000 messages in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
    // As autovacuum would after such a load: the planner's statistics of the new rows.
    if (path === 'pg') await sql`analyze ai_messages`.execute(t.app.database.db);
    await run(t.app, baseline, `${path} ${baselineCount} messages`);
    await run(t.app, big, `${path} ${messageCount} messages`);
  } finally {
    await t.close();
  }
}
