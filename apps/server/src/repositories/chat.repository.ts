import { sql, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { ChatParticipantsTable, ChatsTable, Database } from '../db/schema';
import { pairKey } from '../lib/pair-key';
import { precompiled } from '../db/precompiled';

export type ChatRow = Selectable<ChatsTable>;
export type ParticipantRow = Selectable<ChatParticipantsTable>;
export type ParticipantView = ParticipantRow & {
  username: string;
  display_name: string | null;
  avatar_version: number | null;
};

/** A chat as one participant sees it: their own state and the other participant's. */
export interface ChatForViewer {
  /** With the pair's friend request, whose block stops messages either way. */
  chat: ChatRow & { contact_status: string | null; contact_blocked_by: string | null };
  me: ParticipantRow;
  others: ParticipantView[];
}

/**
 * What a send needs to know of a chat, read in one query: the sender's and the other
 * participants' read marks and block flags, and the pair's contact status.
 */
export interface SendAccess {
  chat: { id: string; pair_key: string | null; contact_status: string | null };
  me: { user_id: string; last_read_seq: number; hidden: number; blocked: number };
  others: { user_id: string; last_read_seq: number; blocked: number }[];
  /** Whether the sender already stored a message with the send's clientId (in any chat). */
  clientIdUsed: boolean;
}

/** A row of the sendAccess query: the sender's state beside one other participant's. */
export interface SendAccessRow {
  pair_key: string | null;
  contact_status: string | null;
  last_read_seq: number;
  hidden: number;
  blocked: number;
  other_id: string | null;
  other_last_read_seq: number | null;
  other_blocked: number | null;
  used_message_id: string | null;
}

/** The rows of the sendAccess query as a SendAccess; undefined when there are none. */
export function toSendAccess(
  chatId: string,
  userId: string,
  rows: readonly SendAccessRow[],
): SendAccess | undefined {
  const [first] = rows;
  if (!first) return undefined;
  return {
    chat: { id: chatId, pair_key: first.pair_key, contact_status: first.contact_status },
    me: {
      user_id: userId,
      last_read_seq: first.last_read_seq,
      hidden: first.hidden,
      blocked: first.blocked,
    },
    others: rows.flatMap((row) =>
      row.other_id === null
        ? []
        : [
            {
              user_id: row.other_id,
              last_read_seq: row.other_last_read_seq ?? 0,
              blocked: row.other_blocked ?? 0,
            },
          ],
    ),
    clientIdUsed: first.used_message_id !== null,
  };
}

export interface PrivateChat {
  chat: ChatRow;
  participants: { id: string; username: string }[];
  /** False when the pair already had a chat (it is reused: removing and re-adding revives it). */
  created: boolean;
}

/** What a send reads of the chat (see sendAccess); `used_message_id` needs the clientId. */
function sendAccessQuery(db: Kysely<Database>, chatId: string, userId: string) {
  return (
    db
      .selectFrom('chat_participants as me')
      .innerJoin('chats', 'chats.id', 'me.chat_id')
      // Friend requests and private chats share the pair key.
      .leftJoin('friend_requests', 'friend_requests.pair_key', 'chats.pair_key')
      .leftJoin('chat_participants as other', (join) =>
        join.onRef('other.chat_id', '=', 'me.chat_id').onRef('other.user_id', '<>', 'me.user_id'),
      )
      .select([
        'chats.pair_key',
        'friend_requests.status as contact_status',
        'me.last_read_seq',
        'me.hidden',
        'me.blocked',
        'other.user_id as other_id',
        'other.last_read_seq as other_last_read_seq',
        'other.blocked as other_blocked',
      ])
      .where('me.chat_id', '=', chatId)
      .where('me.user_id', '=', userId)
      .orderBy('other.user_id')
  );
}

// The statements of every send, compiled once (see precompiled).
export const readSendAccess = precompiled(
  ['chatId', 'userId'],
  (db, v: { chatId: string; userId: string }) =>
    sendAccessQuery(db, v.chatId, v.userId).select(sql<string | null>`null`.as('used_message_id')),
);

export const readSendAccessWithClientId = precompiled(
  ['chatId', 'userId', 'clientId'],
  (db, v: { chatId: string; userId: string; clientId: string }) =>
    sendAccessQuery(db, v.chatId, v.userId).select((eb) =>
      eb
        .selectFrom('messages')
        .select('messages.id')
        .where('messages.sender_id', '=', v.userId)
        .where('messages.client_id', '=', v.clientId)
        .as('used_message_id'),
    ),
);

/** A row of readSendAccessMany: a sendAccess row of the `ord`th read asked for (from 1). */
export interface SendAccessManyRow extends SendAccessRow {
  ord: number;
}

/**
 * PostgreSQL: the sendAccess reads of many sends in one statement (one round trip instead of one
 * per send): the rows of the i-th (chat, user, clientId) with `ord` i, in order. A null clientId
 * matches no message.
 */
export const readSendAccessMany = precompiled<
  { chatIds: string[]; userIds: string[]; clientIds: (string | null)[] },
  SendAccessManyRow
>(['chatIds', 'userIds', 'clientIds'], (db, v) => ({
  compile: () =>
    sql<SendAccessManyRow>`with input as (
        select * from unnest(${v.chatIds}::text[], ${v.userIds}::text[], ${v.clientIds}::text[])
          with ordinality as t(chat_id, user_id, client_id, ord)
      )
      select input.ord::integer as ord, chats.pair_key, friend_requests.status as contact_status,
        me.last_read_seq, me.hidden, me.blocked, other.user_id as other_id,
        other.last_read_seq as other_last_read_seq, other.blocked as other_blocked,
        (select messages.id from messages
          where messages.sender_id = input.user_id and messages.client_id = input.client_id
          limit 1) as used_message_id
      from input
      join chat_participants as me on me.chat_id = input.chat_id and me.user_id = input.user_id
      join chats on chats.id = me.chat_id
      left join friend_requests on friend_requests.pair_key = chats.pair_key
      left join chat_participants as other
        on other.chat_id = me.chat_id and other.user_id <> me.user_id
      order by input.ord, other.user_id`.compile(db),
}));

export const addUnread = precompiled(
  ['chatId', 'senderId'],
  (db, v: { chatId: string; senderId: string }) =>
    db
      .updateTable('chat_participants')
      .set({
        unread: sql`case when user_id = ${v.senderId} then unread else unread + 1 end`,
        hidden: 0,
      })
      .where('chat_id', '=', v.chatId)
      .where((eb) => eb.or([eb('user_id', '<>', v.senderId), eb('hidden', '=', 1)]))
      .returning(['user_id', 'unread']),
);

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

  /** The chats a user takes part in (deleted ones included: they are rooms all the same). */
  roomsOf(userId: string): Promise<{ chat_id: string; last_seq: number }[]> {
    return this.db
      .selectFrom('chat_participants')
      .innerJoin('chats', 'chats.id', 'chat_participants.chat_id')
      .select(['chat_participants.chat_id', 'chats.last_seq'])
      .where('chat_participants.user_id', '=', userId)
      .orderBy('chat_participants.chat_id')
      .execute();
  }

  findParticipant(chatId: string, userId: string): Promise<ParticipantRow | undefined> {
    return this.db
      .selectFrom('chat_participants')
      .selectAll()
      .where('chat_id', '=', chatId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /** Every participant of a chat with their state, in a stable order. */
  participantsOf(chatId: string): Promise<ParticipantView[]> {
    return this.db
      .selectFrom('chat_participants')
      .innerJoin('users', 'users.id', 'chat_participants.user_id')
      .selectAll('chat_participants')
      .select(['users.username', 'users.display_name', 'users.avatar_version'])
      .where('chat_participants.chat_id', '=', chatId)
      .orderBy('users.username_key')
      .execute();
  }

  /**
   * The chat as a sender sees it, in one query (a send runs this on every message); undefined
   * unless `userId` takes part in it.
   */
  async sendAccess(
    chatId: string,
    userId: string,
    clientId: string | undefined,
  ): Promise<SendAccess | undefined> {
    const { rows } =
      clientId === undefined
        ? await readSendAccess(this.db, { chatId, userId })
        : await readSendAccessWithClientId(this.db, { chatId, userId, clientId });
    return toSendAccess(chatId, userId, rows);
  }

  /**
   * PostgreSQL: sendAccess for each of `reads` in one statement (readSendAccessMany), in the same
   * order.
   */
  async sendAccessMany(
    reads: readonly { chatId: string; userId: string; clientId: string | undefined }[],
  ): Promise<(SendAccess | undefined)[]> {
    const { rows } = await readSendAccessMany(this.db, {
      chatIds: reads.map((read) => read.chatId),
      userIds: reads.map((read) => read.userId),
      clientIds: reads.map((read) => read.clientId ?? null),
    });
    const byRead = reads.map(() => [] as SendAccessRow[]);
    for (const row of rows) byRead[row.ord - 1]?.push(row);
    return reads.map((read, index) => toSendAccess(read.chatId, read.userId, byRead[index]!));
  }

  /** A user's own state of each chat of their list (not those they deleted), in one read. */
  async unreadOf(
    userId: string,
  ): Promise<{ chat_id: string; unread: number; muted: number; nickname: string | null }[]> {
    return this.db
      .selectFrom('chat_participants')
      .select(['chat_id', 'unread', 'muted', 'nickname'])
      .where('user_id', '=', userId)
      .where('hidden', '=', 0)
      .execute();
  }

  /**
   * A user's chats with their own state and the other participants. One chat with `chatId`;
   * hidden (deleted) chats only when asked for.
   */
  async chatsOf(
    userId: string,
    options: { chatId?: string; includeHidden?: boolean } = {},
  ): Promise<ChatForViewer[]> {
    let mine = this.db.selectFrom('chat_participants').selectAll().where('user_id', '=', userId);
    if (options.chatId !== undefined) mine = mine.where('chat_id', '=', options.chatId);
    if (!options.includeHidden) mine = mine.where('hidden', '=', 0);
    const myRows = await mine.execute();
    if (myRows.length === 0) return [];
    // A subquery rather than a list of ids: a user may have thousands of chats.
    const scope =
      options.chatId ??
      this.db
        .selectFrom('chat_participants as mine')
        .select('mine.chat_id')
        .where('mine.user_id', '=', userId);
    const [chats, others] = await Promise.all([
      this.db
        .selectFrom('chats')
        // Friend requests and private chats share the pair key.
        .leftJoin('friend_requests', 'friend_requests.pair_key', 'chats.pair_key')
        .selectAll('chats')
        .select([
          'friend_requests.status as contact_status',
          'friend_requests.blocked_by as contact_blocked_by',
        ])
        .where('chats.id', typeof scope === 'string' ? '=' : 'in', scope)
        .execute(),
      this.db
        .selectFrom('chat_participants')
        .innerJoin('users', 'users.id', 'chat_participants.user_id')
        .selectAll('chat_participants')
        .select(['users.username', 'users.display_name', 'users.avatar_version'])
        .where('chat_participants.chat_id', typeof scope === 'string' ? '=' : 'in', scope)
        .where('chat_participants.user_id', '<>', userId)
        .orderBy('users.username_key')
        .execute(),
    ]);
    const chatById = new Map(chats.map((chat) => [chat.id, chat]));
    const othersByChat = new Map<string, ParticipantView[]>();
    for (const other of others) {
      const list = othersByChat.get(other.chat_id) ?? [];
      list.push(other);
      othersByChat.set(other.chat_id, list);
    }
    return myRows.flatMap((me) => {
      const chat = chatById.get(me.chat_id);
      return chat ? [{ chat, me, others: othersByChat.get(me.chat_id) ?? [] }] : [];
    });
  }

  async updateParticipant(
    chatId: string,
    userId: string,
    changes: Updateable<ChatParticipantsTable>,
  ): Promise<void> {
    await this.db
      .updateTable('chat_participants')
      .set(changes)
      .where('chat_id', '=', chatId)
      .where('user_id', '=', userId)
      .execute();
  }

  /**
   * A new message from `senderId`: one more unread for every other participant, and the chat
   * back in everyone's list (the sender's row is written only when they had deleted it).
   * Returns each receiver's unread count.
   */
  async addUnreadForOthers(chatId: string, senderId: string): Promise<Map<string, number>> {
    const { rows } = await addUnread(this.db, { chatId, senderId });
    return new Map(
      rows.filter((row) => row.user_id !== senderId).map((r) => [r.user_id, r.unread]),
    );
  }

  /**
   * Moves the user's read mark up to `seq`, never back (two marks may race), and returns the
   * mark as it now is.
   */
  async advanceReadMark(chatId: string, userId: string, seq: number): Promise<number> {
    const row = await this.db
      .updateTable('chat_participants')
      .set({
        last_read_seq: sql`case when last_read_seq < ${seq} then ${seq} else last_read_seq end`,
      })
      .where('chat_id', '=', chatId)
      .where('user_id', '=', userId)
      .returning('last_read_seq')
      .executeTakeFirstOrThrow();
    return row.last_read_seq;
  }

  /** Takes back an unread message (it was deleted before being read). */
  async removeUnread(chatId: string, userId: string, seq: number): Promise<void> {
    await this.db
      .updateTable('chat_participants')
      .set({ unread: sql`case when unread > 0 then unread - 1 else 0 end` })
      .where('chat_id', '=', chatId)
      .where('user_id', '=', userId)
      .where('last_read_seq', '<', seq)
      .execute();
  }

  async countPinned(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('chat_participants')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('user_id', '=', userId)
      .where('pinned', '=', 1)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }
}
