// Load shared by the delivery benchmarks: seeded users and chats written straight to the
// database, so a run of thousands of clients starts in seconds.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema';
import { connectDatabase } from '../../src/db/connect';
import { migrateToLatest } from '../../src/db/migrate';
import { hashPassword } from '../../src/lib/password';
import { hashSessionToken, newSessionToken } from '../../src/lib/session-token';
import { ChatRepository } from '../../src/repositories/chat.repository';

/** An accepted friend request between `a` and `b`, as accepting one stores it. */
export async function insertFriendship(
  trx: Kysely<Database>,
  a: string,
  b: string,
  now: number,
): Promise<void> {
  await trx
    .insertInto('friend_requests')
    .values({
      id: randomUUID(),
      sender_id: a,
      receiver_id: b,
      pair_key: a < b ? `${a}:${b}` : `${b}:${a}`,
      status: 'accepted',
      blocked_by: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

export interface Peer {
  userId: string;
  partnerId: string;
  chatId: string;
  token: string;
}

/**
 * Users, sessions, accepted friendships and chats for `clientCount` clients (two per chat),
 * written straight to a fresh database: SQLite in `dataDir`, or PostgreSQL at `databaseUrl`.
 */
export async function seed(
  target: { dataDir: string; databaseUrl?: string },
  clientCount: number,
): Promise<Peer[]> {
  const database = connectDatabase(target);
  await migrateToLatest(database.db);
  const passwordHash = await hashPassword('bench password 1');
  const now = Date.now();
  const peers: Peer[] = [];
  await database.db.transaction().execute(async (trx) => {
    const chats = new ChatRepository(trx);
    for (let pair = 0; pair < clientCount / 2; pair += 1) {
      const ids = [randomUUID(), randomUUID()] as const;
      for (const [side, id] of ids.entries()) {
        const name = `bench_${pair}_${side}`;
        await trx
          .insertInto('users')
          .values({
            id,
            username: name,
            username_key: name,
            email: `${name}@example.com`,
            email_key: `${name}@example.com`,
            password_hash: passwordHash,
            created_at: now,
            updated_at: now,
          })
          .execute();
      }
      const [a, b] = ids;
      await insertFriendship(trx, a, b, now);
      const { chat } = await chats.findOrCreatePrivate(a, b, randomUUID(), now);
      for (const [userId, partnerId] of [
        [a, b],
        [b, a],
      ] as const) {
        const token = newSessionToken();
        await trx
          .insertInto('sessions')
          .values({
            id: hashSessionToken(token),
            user_id: userId,
            created_at: now,
            last_seen_at: now,
            expires_at: now + 86_400_000,
            user_agent: 'bench',
          })
          .execute();
        peers.push({ userId, partnerId, chatId: chat.id, token });
      }
    }
  });
  await database.close();
  return peers;
}
