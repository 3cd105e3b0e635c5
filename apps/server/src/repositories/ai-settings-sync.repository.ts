import type { Kysely, Selectable } from 'kysely';
import type { AiProviderSettingsTable, Database } from '../db/schema';

export type AiProviderSettingsRow = Selectable<AiProviderSettingsTable>;

/** The account's synced provider settings (docs/product.md#settings-and-key-sync). */
export class AiSettingsSyncRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async get(userId: string): Promise<AiProviderSettingsRow | undefined> {
    return this.db
      .selectFrom('ai_provider_settings')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  async put(row: AiProviderSettingsRow): Promise<void> {
    await this.db
      .insertInto('ai_provider_settings')
      .values(row)
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet((eb) => ({
          settings: eb.ref('excluded.settings'),
          sealed_keys: eb.ref('excluded.sealed_keys'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
  }
}
