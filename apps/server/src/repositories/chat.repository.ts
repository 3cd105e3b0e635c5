import type { Kysely, Selectable } from 'kysely';
import type { ChatsTable, Database } from '../db/schema';
import { pairKey } from '../lib/pair-key';

export type ChatRow = Selectable<ChatsTable>;

export interface PrivateChat {
  chat: ChatRow;
  participants: { id: string; username: string }[];
  /** False when the pair already had a chat (it is reused: removing and re-adding revives it). */
  created: boolean;
}

export class ChatRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findPrivate(a: string, b: string): Promise<ChatRow | undefined> {
    return this.db
      .selectFrom('chats')
      .selectAll()
      .where('pair_key', '=', pairKey(a, b))
      .executeTakeFirst();
  }

  /**
   * The pair's one private chat, created on first use. Safe against a concurrent call for the
   * same pair: the unique pair key lets one insert win and the other reads its row. Both users
   * are (again) participants afterwards.
   */
  async findOrCreatePrivate(
    a: string,
    b: string,
    newId: string,
    now: number,
  ): Promise<PrivateChat> {
    const key = pairKey(a, b);
    const inserted = await this.db
      .insertInto('chats')
      .values({ id: newId, type: 'private', pair_key: key, created_at: now, updated_at: now })
      .onConflict((oc) => oc.column('pair_key').doNothing())
      .executeTakeFirst();
    const created = Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
    const chat = await this.db
      .selectFrom('chats')
      .selectAll()
      .where('pair_key', '=', key)
      .executeTakeFirstOrThrow();
    await this.db
      .insertInto('chat_participants')
      .values([a, b].map((userId) => ({ chat_id: chat.id, user_id: userId, joined_at: now })))
      .onConflict((oc) => oc.columns(['chat_id', 'user_id']).doNothing())
      .execute();
    const participants = await this.db
      .selectFrom('chat_participants')
      .innerJoin('users', 'users.id', 'chat_participants.user_id')
      .select(['users.id', 'users.username'])
      .where('chat_participants.chat_id', '=', chat.id)
      .orderBy('users.username_key')
      .execute();
    return { chat, participants, created };
  }
}
