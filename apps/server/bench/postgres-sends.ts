// npm run bench:postgres-sends — the PostgreSQL store of sends alone (no HTTP, sockets or Redis):
// TOTAL sends (default 3,000) with 200 in flight, on a fresh database of 100 chats, stored
//  - as SQLite stores them: three statements per send in one transaction per group,
//  - one statement per send in one transaction per group,
//  - as PostgreSQL stores them now: one statement per group, one group in flight.
// Needs the PostgreSQL of BENCH_DATABASE_URL (default: this machine's).
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { connectDatabase } from '../src/db/connect';
import { groupedTransactor } from '../src/db/write-pipeline/grouped-transaction';
import { ChatRepository } from '../src/repositories/chat.repository';
import { MessageRepository, storeSendAtOnce } from '../src/repositories/message.repository';
import { groupedSendStore, type NewSend } from '../src/db/write-pipeline/send-store';
import { createScratchPostgres } from '../test/helpers/database-targets';
import { seed } from './lib/seed';

const postgresUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const postgres = await createScratchPostgres(postgresUrl);
try {
  const peers = await seed({ dataDir: tmpdir(), databaseUrl: postgres.url }, 200);
  const database = connectDatabase({ databaseUrl: postgres.url, dataDir: tmpdir() });
  const db = database.db;
  const row = (i: number): NewSend => {
    const peer = peers[i % peers.length]!;
    return {
      id: randomUUID(),
      chat_id: peer.chatId,
      sender_id: peer.userId,
      client_id: randomUUID(),
      content: `hello ${i}`,
      content_type: 'text',
      attachment: null,
      created_at: Date.now(),
      edited_at: null,
      deleted: 0,
      revision: 0,
      reply_to_id: null,
      forward: null,
      ai_payload: null,
    };
  };
  const transact = groupedTransactor(db, (trx) => trx);
  const sends = groupedSendStore(db, database.reads);
  const variants: Record<string, (send: NewSend) => Promise<unknown>> = {
    'three statements per send, 1 group': (send) =>
      transact(send.chat_id, async (trx) => {
        const messages = new MessageRepository(trx);
        const seq = await messages.nextSeq(send.chat_id, send.created_at);
        await messages.insert({ ...send, seq: seq! });
        return new ChatRepository(trx).addUnreadForOthers(send.chat_id, send.sender_id);
      }),
    'one statement per send, 1 group': (send) =>
      transact(send.chat_id, (trx) => storeSendAtOnce(trx, send)),
    'one statement per group (the store)': (send) => sends.store(send),
  };
  const inFlight = 200;
  const total = Number(process.env.TOTAL ?? 3000);
  for (let round = 0; round < 2; round += 1) {
    for (const [name, store] of Object.entries(variants)) {
      let next = 0;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: inFlight }, async () => {
          while (next < total) await store(row(next++));
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      console.log(`${name.padEnd(40)} ${(total / seconds).toFixed(0)} sends/s`);
    }
  }
  await database.close();
} finally {
  await postgres.drop();
}
