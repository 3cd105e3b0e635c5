import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { Database, MessagesTable } from '../db/schema';
import { precompiled } from '../db/precompiled';

export type MessageRow = Selectable<MessagesTable>;
/** What a reply shows of the message it answers (null columns when it answers none). */
export interface QuotedColumns {
  quoted_username?: string | null;
  quoted_seq?: number | null;
  quoted_content?: string | null;
  quoted_content_type?: MessagesTable['content_type'] | null;
  quoted_deleted?: number | null;
}
/** A message with its sender's username, as every view of a message needs it. */
export type MessageView = MessageRow & { sender_username: string } & QuotedColumns;

/** `%`, `_` and the escape character itself match literally in a LIKE pattern. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A new message's row, every column named (the precompiled insert binds them all). */
export type NewMessageRow = {
  [K in keyof Insertable<MessagesTable>]-?: Insertable<MessagesTable>[K];
};

// The statements of every send, compiled once (see precompiled).
export const takeNextSeq = precompiled(
  ['chatId', 'now'],
  (db, v: { chatId: string; now: number }) =>
    db
      .updateTable('chats')
      .set({ last_seq: sql`last_seq + 1`, updated_at: v.now })
      .where('id', '=', v.chatId)
      .returning('last_seq'),
);

// Every column, checked by the compiler (an omitted one would silently not be stored).
export const messageColumns = Object.keys({
  id: true,
  chat_id: true,
  seq: true,
  sender_id: true,
  client_id: true,
  content: true,
  content_type: true,
  attachment: true,
  created_at: true,
  edited_at: true,
  deleted: true,
  revision: true,
  reply_to_id: true,
  forward: true,
  ai_payload: true,
} satisfies Record<keyof NewMessageRow, true>) as (keyof NewMessageRow)[];

export const insertMessage = precompiled<NewMessageRow, never>(messageColumns, (db, row) =>
  db.insertInto('messages').values(row),
);

/** A row of storeSendAtOnce: the message's seq beside one participant's new unread count. */
export interface StoredSendRow {
  seq: number;
  user_id: string | null;
  unread: number | null;
}

/**
 * PostgreSQL: one send in one statement (a send stored alone, after its group's statement
 * failed; see storeSendsAtOnce): the chat's next seq, the message at that seq, and the unread
 * counts as addUnread changes them. One row per changed participant, each with the seq; none
 * when the chat does not exist (then nothing is written). Every part of a WITH runs to
 * completion whether or not the final SELECT reads it; they all see the chat as it was before
 * the statement, and only the insert reads the new seq. The casts give each parameter its
 * column's type (an INSERT ... SELECT does not infer them).
 */
export const storeSendAtOnce = precompiled<Omit<NewMessageRow, 'seq'>, StoredSendRow>(
  messageColumns.filter((column) => column !== 'seq'),
  (db, v) => ({
    compile: () =>
      sql<StoredSendRow>`with next as (
          update chats set last_seq = last_seq + 1, updated_at = ${v.created_at}::bigint
          where id = ${v.chat_id}::text
          returning last_seq
        ),
        stored as (
          insert into messages (id, chat_id, seq, sender_id, client_id, content, content_type,
            attachment, created_at, edited_at, deleted, revision, reply_to_id, forward, ai_payload)
          select ${v.id}::text, ${v.chat_id}::text, next.last_seq, ${v.sender_id}::text,
            ${v.client_id}::text, ${v.content}::text, ${v.content_type}::text,
            ${v.attachment}::text, ${v.created_at}::bigint, ${v.edited_at}::bigint,
            ${v.deleted}::integer, ${v.revision}::bigint, ${v.reply_to_id}::text,
            ${v.forward}::text, ${v.ai_payload}::text
          from next
        ),
        counted as (
          update chat_participants
          set unread = case when user_id = ${v.sender_id}::text then unread else unread + 1 end,
            hidden = 0
          where chat_id = ${v.chat_id}::text
            and (user_id <> ${v.sender_id}::text or hidden = 1)
            and exists (select 1 from next)
          returning user_id, unread
        )
        select next.last_seq as seq, counted.user_id, counted.unread
        from next left join counted on true`.compile(db),
  }),
);

/** The columns of a group of sends, one array per column, in the same order (see storeSendsAtOnce). */
export type NewSendColumns = {
  [K in Exclude<keyof NewMessageRow, 'seq'> as `${K}s`]: NewMessageRow[K][];
};

/** What storeSendsAtOnce answers: each send's seq, and each changed participant's unread count. */
export interface StoredSendsRow {
  /** [message id, seq] of every send stored. */
  seqs: [string, number][] | null;
  /** [chat id, user id, unread] of every participant whose row changed. */
  unread: [string, string, number][] | null;
}

/**
 * PostgreSQL: a group of sends in one statement, so one round trip for the whole group; on its
 * own it is atomic, so it needs no transaction around it. The sends come in the order they are
 * numbered in; their chats are locked in the order of their ids (several groups and servers
 * write at once: locks taken in one order cannot deadlock), each chat's seq goes up by its
 * number of sends, every message is stored at its seq, and each participant gets one more
 * unread per message of someone else. A send to a chat that does not exist is not stored and
 * has no seq. A unique violation (a clientId used again) fails the whole statement.
 */
export const storeSendsAtOnce = precompiled<NewSendColumns, StoredSendsRow>(
  [
    ...['ids', 'chat_ids', 'sender_ids', 'client_ids', 'contents', 'content_types'],
    ...['attachments', 'created_ats', 'edited_ats', 'deleteds', 'revisions'],
    ...['reply_to_ids', 'forwards', 'ai_payloads'],
  ] as (keyof NewSendColumns)[],
  (db, v) => ({
    compile: () =>
      sql<StoredSendsRow>`with input as (
          select * from unnest(${v.ids}::text[], ${v.chat_ids}::text[], ${v.sender_ids}::text[],
            ${v.client_ids}::text[], ${v.contents}::text[], ${v.content_types}::text[],
            ${v.attachments}::text[], ${v.created_ats}::bigint[], ${v.edited_ats}::bigint[],
            ${v.deleteds}::integer[], ${v.revisions}::bigint[], ${v.reply_to_ids}::text[],
            ${v.forwards}::text[], ${v.ai_payloads}::text[])
            with ordinality as t(id, chat_id, sender_id, client_id, content, content_type,
              attachment, created_at, edited_at, deleted, revision, reply_to_id, forward,
              ai_payload, ord)
        ),
        locked as (
          select id from chats where id in (select chat_id from input) order by id for update
        ),
        counts as (
          select chat_id, count(*) as n, max(created_at) as at from input group by chat_id
        ),
        bumped as (
          update chats set last_seq = chats.last_seq + counts.n, updated_at = counts.at
          from counts join locked on locked.id = counts.chat_id
          where chats.id = counts.chat_id
          returning chats.id, chats.last_seq
        ),
        numbered as (
          select input.*, bumped.last_seq - counts.n
              + row_number() over (partition by input.chat_id order by input.ord) as seq
          from input
          join counts on counts.chat_id = input.chat_id
          join bumped on bumped.id = input.chat_id
        ),
        stored as (
          insert into messages (id, chat_id, seq, sender_id, client_id, content, content_type,
            attachment, created_at, edited_at, deleted, revision, reply_to_id, forward, ai_payload)
          select id, chat_id, seq, sender_id, client_id, content, content_type, attachment,
            created_at, edited_at, deleted, revision, reply_to_id, forward, ai_payload
          from numbered
        ),
        readers as (
          select p.chat_id, p.user_id, count(*) filter (where n.sender_id <> p.user_id) as added
          from chat_participants p join numbered n on n.chat_id = p.chat_id
          group by p.chat_id, p.user_id
        ),
        counted as (
          update chat_participants set unread = chat_participants.unread + readers.added, hidden = 0
          from readers
          where chat_participants.chat_id = readers.chat_id
            and chat_participants.user_id = readers.user_id
            and (readers.added > 0 or chat_participants.hidden = 1)
          returning chat_participants.chat_id, chat_participants.user_id, chat_participants.unread
        )
        select
          (select json_agg(json_build_array(id, seq)) from numbered) as seqs,
          (select json_agg(json_build_array(chat_id, user_id, unread)) from counted) as unread`.compile(
        db,
      ),
  }),
);

export class MessageRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private selectViews() {
    return (
      this.db
        .selectFrom('messages')
        .innerJoin('users', 'users.id', 'messages.sender_id')
        .selectAll('messages')
        .select('users.username as sender_username')
        // A reply shows the message it answers as that message is now (edited, deleted).
        .leftJoin('messages as quoted', 'quoted.id', 'messages.reply_to_id')
        .leftJoin('users as quoted_sender', 'quoted_sender.id', 'quoted.sender_id')
        .select([
          'quoted_sender.username as quoted_username',
          'quoted.seq as quoted_seq',
          'quoted.content as quoted_content',
          'quoted.content_type as quoted_content_type',
          'quoted.deleted as quoted_deleted',
        ])
    );
  }

  /**
   * Takes the chat's next sequence number. Inside the send's transaction: on PostgreSQL the
   * row stays locked until commit, so concurrent sends to one chat get 1, 2, 3, ... in commit
   * order; SQLite has one writer at a time anyway. Undefined when the chat does not exist.
   */
  async nextSeq(chatId: string, now: number): Promise<number | undefined> {
    const { rows } = await takeNextSeq(this.db, { chatId, now });
    return rows[0]?.last_seq;
  }

  /** Takes the chat's next revision number, for an edit or a deletion (as `nextSeq` does). */
  async nextRevision(chatId: string): Promise<number> {
    const row = await this.db
      .updateTable('chats')
      .set({ last_revision: sql`last_revision + 1` })
      .where('id', '=', chatId)
      .returning('last_revision')
      .executeTakeFirstOrThrow();
    return Number(row.last_revision);
  }

  /** Stores a new message; every column is given (see NewMessageRow). */
  async insert(message: NewMessageRow): Promise<void> {
    await insertMessage(this.db, message);
  }

  findByClientId(senderId: string, clientId: string): Promise<MessageView | undefined> {
    return this.selectViews()
      .where('messages.sender_id', '=', senderId)
      .where('messages.client_id', '=', clientId)
      .executeTakeFirst();
  }

  /** A message of this chat only: an id of another chat is not found. */
  findInChat(chatId: string, messageId: string): Promise<MessageView | undefined> {
    return this.selectViews()
      .where('messages.id', '=', messageId)
      .where('messages.chat_id', '=', chatId)
      .executeTakeFirst();
  }

  /**
   * Up to `limit` messages before `beforeSeq` (or the latest), oldest first, and whether older
   * ones remain. Reads one more row than asked to know that.
   */
  async page(
    chatId: string,
    options: { beforeSeq?: number; limit: number },
  ): Promise<{ messages: MessageView[]; hasMore: boolean }> {
    let query = this.selectViews().where('messages.chat_id', '=', chatId);
    if (options.beforeSeq !== undefined)
      query = query.where('messages.seq', '<', options.beforeSeq);
    const rows = await query
      .orderBy('messages.seq', 'desc')
      .limit(options.limit + 1)
      .execute();
    const hasMore = rows.length > options.limit;
    return { messages: rows.slice(0, options.limit).reverse(), hasMore };
  }

  /** Up to `limit` messages after `afterSeq`, oldest first (catch-up), and whether more follow. */
  async after(
    chatId: string,
    afterSeq: number,
    limit: number,
  ): Promise<{ messages: MessageView[]; hasMore: boolean }> {
    const rows = await this.selectViews()
      .where('messages.chat_id', '=', chatId)
      .where('messages.seq', '>', afterSeq)
      .orderBy('messages.seq', 'asc')
      .limit(limit + 1)
      .execute();
    return { messages: rows.slice(0, limit), hasMore: rows.length > limit };
  }

  /**
   * Messages numbered `fromSeq` to `toSeq` changed after revision `afterRevision`, in the order
   * of their changes, at most `limit`, and whether more follow.
   */
  async changedAfter(
    chatId: string,
    options: { fromSeq: number; toSeq: number; afterRevision: number; limit: number },
  ): Promise<{ messages: MessageView[]; hasMore: boolean }> {
    const rows = await this.selectViews()
      .where('messages.chat_id', '=', chatId)
      .where('messages.revision', '>', options.afterRevision)
      // Spelled as the partial index's condition, so the planner may use that index.
      .where(sql<boolean>`messages.revision > 0`)
      .where('messages.seq', '>=', options.fromSeq)
      .where('messages.seq', '<=', options.toSeq)
      .orderBy('messages.revision', 'asc')
      .limit(options.limit + 1)
      .execute();
    return { messages: rows.slice(0, options.limit), hasMore: rows.length > options.limit };
  }

  /** The newest `limit` messages whose text contains `query` (case-insensitive), newest first. */
  search(chatId: string, query: string, limit: number): Promise<MessageView[]> {
    let select = this.selectViews()
      .where('messages.chat_id', '=', chatId)
      .where('messages.deleted', '=', 0);
    if (query !== '') {
      // Both sides lowered by the engine, so they fold case the same way.
      const pattern = `%${likeEscaped(query)}%`;
      select = select.where(
        sql<boolean>`lower(messages.content) like lower(${pattern}) escape '\\'`,
      );
    }
    return select.orderBy('messages.seq', 'desc').limit(limit).execute();
  }

  /**
   * Each chat's latest message (the one at its last sequence number): of one chat, or of every
   * chat a user takes part in (a subquery, as a user may have thousands of chats).
   */
  latestIn(scope: { chatId: string } | { userId: string }): Promise<MessageView[]> {
    const query = this.selectViews().innerJoin('chats', (join) =>
      join.onRef('chats.id', '=', 'messages.chat_id').onRef('chats.last_seq', '=', 'messages.seq'),
    );
    if ('chatId' in scope) return query.where('messages.chat_id', '=', scope.chatId).execute();
    return query
      .where('messages.chat_id', 'in', (eb) =>
        eb
          .selectFrom('chat_participants')
          .select('chat_participants.chat_id')
          .where('chat_participants.user_id', '=', scope.userId),
      )
      .execute();
  }

  /** The latest message of a chat before `beforeSeq` that `viewerId` has not hidden. */
  latestVisibleBefore(
    chatId: string,
    viewerId: string,
    beforeSeq: number,
  ): Promise<MessageView | undefined> {
    return this.selectViews()
      .where('messages.chat_id', '=', chatId)
      .where('messages.seq', '<', beforeSeq)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('hidden_messages')
              .select('hidden_messages.message_id')
              .where('hidden_messages.user_id', '=', viewerId)
              .whereRef('hidden_messages.message_id', '=', 'messages.id'),
          ),
        ),
      )
      .orderBy('messages.seq', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  async update(id: string, changes: Updateable<MessagesTable>): Promise<void> {
    await this.db.updateTable('messages').set(changes).where('id', '=', id).execute();
  }

  /** Messages of others than `readerId` after `afterSeq`, deleted ones excepted. */
  async countUnread(chatId: string, readerId: string, afterSeq: number): Promise<number> {
    const row = await this.db
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('chat_id', '=', chatId)
      .where('seq', '>', afterSeq)
      .where('sender_id', '<>', readerId)
      .where('deleted', '=', 0)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }
}
