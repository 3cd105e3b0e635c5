import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, LinkPreviewsTable } from '../db/schema';

export type LinkPreviewRow = Selectable<LinkPreviewsTable>;

/** Kept link previews (`link_previews`), shared by every node through the database. */
export class LinkPreviewRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findById(id: string): Promise<LinkPreviewRow | undefined> {
    return this.db.selectFrom('link_previews').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Stores the preview, replacing an older one of the same page (two nodes may both fetch it). */
  async save(row: Insertable<LinkPreviewsTable>): Promise<void> {
    await this.db
      .insertInto('link_previews')
      .values(row)
      .onConflict((conflict) =>
        conflict.column('id').doUpdateSet({
          url: row.url,
          title: row.title,
          description: row.description,
          site_name: row.site_name,
          image_type: row.image_type,
          image_data: row.image_data,
          fetched_at: row.fetched_at,
        }),
      )
      .execute();
  }

  /** Removes the previews fetched before `before`; the cache stays as large as a day's use. */
  async deleteOlderThan(before: number): Promise<void> {
    await this.db.deleteFrom('link_previews').where('fetched_at', '<', before).execute();
  }
}
