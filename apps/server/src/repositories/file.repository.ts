import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type Insertable,
  type Kysely,
  type Selectable,
  type SqlBool,
} from 'kysely';
import type { ChatFilesTable, Database } from '../db/schema';

export type ChatFileRow = Selectable<ChatFilesTable>;

/** Uploaded files of chats (`chat_files`). */
export class FileRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async create(file: Insertable<ChatFilesTable>): Promise<void> {
    await this.db.insertInto('chat_files').values(file).execute();
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('chat_files').where('id', '=', id).execute();
  }

  findById(id: string): Promise<ChatFileRow | undefined> {
    return this.db.selectFrom('chat_files').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Bytes of every file the user uploaded, in every chat: what their quota counts. */
  async bytesOf(uploaderId: string): Promise<number> {
    const row = await this.db
      .selectFrom('chat_files')
      .select((eb) => eb.fn.sum<number | string | null>('size').as('total'))
      .where('uploader_id', '=', uploaderId)
      .executeTakeFirst();
    // PostgreSQL sums a bigint as numeric, which arrives as a string.
    return Number(row?.total ?? 0);
  }

  /**
   * The file, only when it was uploaded to this chat (a message may not cite another chat's),
   * marked as named by a send at `at` unless one already did; with `imagesOnly`, only an image
   * (another file is left unmarked). One statement, so it either
   * finds the row before the sweep of unsent files, which then leaves it, or not at all.
   */
  markSent(
    id: string,
    chatId: string,
    at: number,
    options: { imagesOnly: boolean },
  ): Promise<ChatFileRow | undefined> {
    let query = this.db
      .updateTable('chat_files')
      .set({ sent_at: sql<number>`coalesce(sent_at, ${at})` })
      .where('id', '=', id)
      .where('chat_id', '=', chatId);
    if (options.imagesOnly) query = query.where('mime_type', 'like', 'image/%');
    return query.returningAll().executeTakeFirst();
  }

  /** Deletes up to `limit` files no send has named, uploaded before `before`. */
  deleteUnsent(before: number, limit: number): Promise<{ storage_path: string }[]> {
    return this.deleteBatch(limit, (eb) =>
      eb.and([eb('sent_at', 'is', null), eb('created_at', '<', before)]),
    );
  }

  /**
   * Deletes up to `limit` files that a send named before `before` but that no message carries
   * (the send was refused, or its node stopped).
   */
  deleteNamedButNotCarried(before: number, limit: number): Promise<{ storage_path: string }[]> {
    return this.deleteBatch(limit, (eb) =>
      eb.and([
        eb('created_at', '<', before),
        eb('sent_at', '<', before),
        eb.not(eb.exists(carryingMessage(eb))),
      ]),
    );
  }

  /**
   * Marks as carried the files named by a send before `before` that a message carries, so the
   * sweep reads each of them once. Run after `deleteNamedButNotCarried`: what it left is carried.
   */
  async markCarried(before: number): Promise<void> {
    await this.db
      .updateTable('chat_files')
      .set({ carried: 1 })
      .where('carried', '=', 0)
      .where('created_at', '<', before)
      .where('sent_at', '<', before)
      .where((eb) => eb.exists(carryingMessage(eb)))
      .execute();
  }

  /**
   * Deletes the file of a deleted message when its sender uploaded it (a message citing
   * someone else's file does not take it away from them), and returns where its bytes are.
   */
  deleteUploadedBy(
    id: string,
    chatId: string,
    uploaderId: string,
  ): Promise<{ storage_path: string } | undefined> {
    return this.db
      .deleteFrom('chat_files')
      .where('id', '=', id)
      .where('chat_id', '=', chatId)
      .where('uploader_id', '=', uploaderId)
      .returning('storage_path')
      .executeTakeFirst();
  }

  /**
   * Deletes up to `limit` files not yet seen carried that meet `condition`, and returns where
   * their bytes are. The condition is asked again of each row being deleted: on PostgreSQL a
   * send that marked the row meanwhile is seen then, and the row is left.
   */
  private deleteBatch(
    limit: number,
    condition: (eb: ExpressionBuilder<Database, 'chat_files'>) => Expression<SqlBool>,
  ): Promise<{ storage_path: string }[]> {
    return this.db
      .deleteFrom('chat_files')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('chat_files')
          .select('id')
          .where('carried', '=', 0)
          .where(condition)
          .limit(limit),
      )
      .where(condition)
      .returning('storage_path')
      .execute();
  }
}

/** A message of the file's chat whose attachment (JSON) is this file. */
function carryingMessage(eb: ExpressionBuilder<Database, 'chat_files'>) {
  return eb
    .selectFrom('messages')
    .select(sql.lit(1).as('one'))
    .whereRef('messages.chat_id', '=', 'chat_files.chat_id')
    .where('messages.deleted', '=', 0)
    .where('messages.attachment', 'like', sql<string>`'%"id":"' || chat_files.id || '"%'`);
}
