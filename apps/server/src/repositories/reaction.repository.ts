import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** One reaction with the username of who put it. */
export interface ReactionRow {
  message_id: string;
  user_id: string;
  username: string;
  emoji: string;
  created_at: number;
}

/** Emoji put on messages (migration 0014). */
export class ReactionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The reactions on these messages, oldest first. */
  async ofMessages(messageIds: readonly string[]): Promise<ReactionRow[]> {
    if (messageIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('message_reactions')
      .innerJoin('users', 'users.id', 'message_reactions.user_id')
      .select([
        'message_reactions.message_id',
        'message_reactions.user_id',
        'users.username',
        'message_reactions.emoji',
        'message_reactions.created_at',
      ])
      .where('message_reactions.message_id', 'in', [...messageIds])
      .orderBy('message_reactions.created_at', 'asc')
      .orderBy('message_reactions.emoji', 'asc')
      .execute();
    return rows.map((row) => ({ ...row, created_at: Number(row.created_at) }));
  }

  /** The distinct emoji one user put on one message. */
  async emojiOf(messageId: string, userId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('message_reactions')
      .select('emoji')
      .where('message_id', '=', messageId)
      .where('user_id', '=', userId)
      .execute();
    return rows.map((row) => row.emoji);
  }

  /** Puts the emoji; putting it again changes nothing. */
  async add(row: {
    message_id: string;
    chat_id: string;
    user_id: string;
    emoji: string;
    created_at: number;
  }): Promise<void> {
    await this.db
      .insertInto('message_reactions')
      .values(row)
      .onConflict((oc) => oc.columns(['message_id', 'user_id', 'emoji']).doNothing())
      .execute();
  }

  /** Takes the emoji back; true when there was one. */
  async remove(messageId: string, userId: string, emoji: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('message_reactions')
      .where('message_id', '=', messageId)
      .where('user_id', '=', userId)
      .where('emoji', '=', emoji)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
