// tsx apps/server/bench/seed-chat-list.ts DATA_DIR COUNT — one viewer with COUNT private chats,
// each with a friend and a last message, written straight to a fresh SQLite database in
// DATA_DIR (befriending a thousand accounts through the API would measure the seeding). Prints
// the viewer's session token. Used by the web wire bench (e2e/bench/wire.ts).
import { randomUUID } from 'node:crypto';
import { connectDatabase } from '../src/db/connect';
import { migrateToLatest } from '../src/db/migrate';
import { hashPassword } from '../src/lib/password';
import { hashSessionToken, newSessionToken } from '../src/lib/session-token';
import { ChatRepository } from '../src/repositories/chat.repository';
import { insertFriendship } from './lib/seed';

const [dataDir, countText] = process.argv.slice(2);
const count = Number(countText);
if (!dataDir || !Number.isInteger(count) || count < 1) {
  throw new Error('usage: seed-chat-list.ts DATA_DIR COUNT');
}

const database = connectDatabase({ dataDir });
await migrateToLatest(database.db);
const passwordHash = await hashPassword('bench password 1');
const now = Date.now();
const token = newSessionToken();

function user(name: string) {
  return {
    id: randomUUID(),
    username: name,
    username_key: name,
    email: `${name}@example.com`,
    email_key: `${name}@example.com`,
    password_hash: passwordHash,
    created_at: now,
    updated_at: now,
  };
}

await database.db.transaction().execute(async (trx) => {
  const chats = new ChatRepository(trx);
  const viewer = user('bench_viewer');
  await trx.insertInto('users').values(viewer).execute();
  await trx
    .insertInto('sessions')
    .values({
      id: hashSessionToken(token),
      user_id: viewer.id,
      created_at: now,
      last_seen_at: now,
      expires_at: now + 86_400_000,
      user_agent: 'bench',
    })
    .execute();
  for (let index = 0; index < count; index += 1) {
    const friend = user(`friend_${index}`);
    await trx.insertInto('users').values(friend).execute();
    const [a, b] = [viewer.id, friend.id];
    await insertFriendship(trx, a, b, now);
    const { chat } = await chats.findOrCreatePrivate(a, b, randomUUID(), now - index * 37_000);
    const sentAt = now - index * 37_000;
    await trx
      .insertInto('messages')
      .values({
        id: randomUUID(),
        chat_id: chat.id,
        seq: 1,
        sender_id: index % 2 ? friend.id : viewer.id,
        client_id: randomUUID(),
        content: `See you at the station around ${index % 24}:30, bring the tickets please`,
        content_type: 'text',
        attachment: null,
        created_at: sentAt,
        edited_at: null,
        deleted: 0,
        revision: 0,
      })
      .execute();
    await trx.updateTable('chats').set({ last_seq: 1 }).where('id', '=', chat.id).execute();
    await trx
      .updateTable('chat_participants')
      .set({ unread: index % 2 })
      .where('chat_id', '=', chat.id)
      .where('user_id', '=', viewer.id)
      .execute();
  }
});
await database.close();
console.log(token);
