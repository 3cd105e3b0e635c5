import type { Insertable, Kysely, Selectable } from 'kysely';
import type { ChatFilesTable, Database } from '../db/schema';

export type ChatFileRow = Selectable<ChatFilesTable>;

/** Uploaded files of chats (`chat_files`). */
export class FileRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async create(file: Insertable<ChatFilesTable>): Promise<void> {
    await this.db.insertInto('chat_files').values(file).execute();
  }

  findById(id: string): Promise<ChatFileRow | undefined> {
    return this.db.selectFrom('chat_files').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The file only when it was uploaded to this chat: a message may not cite another chat's. */
  findInChat(id: string, chatId: string): Promise<ChatFileRow | undefined> {
    return this.db
      .selectFrom('chat_files')
      .selectAll()
      .where('id', '=', id)
      .where('chat_id', '=', chatId)
      .executeTakeFirst();
  }
}
