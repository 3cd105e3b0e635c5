import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { Database, LinkPreviewsTable } from '../db/schema';

export type LinkPreviewRow = Selectable<LinkPreviewsTable>;

/** Kept link previews (`link_previews`), shared by every node through the database. */
export class LinkPreviewRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findById(id: string): Promise<LinkPreviewRow | undefined> {
    return this.db.selectFrom('link_previews').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * Stores the preview, replacing an older one of the same page (two nodes may both fetch it).
   * When its image brings the images kept past `maxImageBytes` (as stored), the images of the
   * previews fetched longest ago are dropped in the same transaction; their texts stay. Two
   * saves at the same moment may each miss the other's image: the total may pass the cap by
   * those until the next save.
   */
  async save(row: Insertable<LinkPreviewsTable>, maxImageBytes: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
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
      if (!row.image_data) return;
      const { total } = await trx
        .selectFrom('link_previews')
        .select(sql<string | number>`coalesce(sum(length(image_data)), 0)`.as('total'))
        .executeTakeFirstOrThrow();
      let excess = Number(total) - maxImageBytes;
      while (excess > 0) {
        const oldest = await trx
          .selectFrom('link_previews')
          .select(['id', sql<string | number>`length(image_data)`.as('size')])
          .where('image_data', 'is not', null)
          .where('id', '!=', row.id)
          .orderBy('fetched_at')
          .orderBy('id')
          .limit(100)
          .execute();
        if (oldest.length === 0) return;
        const dropped: string[] = [];
        for (const entry of oldest) {
          if (excess <= 0) break;
          dropped.push(entry.id);
          excess -= Number(entry.size);
        }
        await trx
          .updateTable('link_previews')
          .set({ image_type: null, image_data: null })
          .where('id', 'in', dropped)
          .execute();
      }
    });
  }

  /** Removes the previews fetched before `before`; the cache stays as large as a day's use. */
  async deleteOlderThan(before: number): Promise<void> {
    await this.db.deleteFrom('link_previews').where('fetched_at', '<', before).execute();
  }
}
