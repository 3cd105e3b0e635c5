import type { Kysely, Selectable } from 'kysely';
import type { Database, PushKeysTable, PushSubscriptionsTable } from '../db/schema';

export type PushKeysRow = Selectable<PushKeysTable>;
export type PushSubscriptionRow = Selectable<PushSubscriptionsTable>;

const keysId = 'vapid';

/** The VAPID key pair and the push subscriptions (docs/product.md#web-push). */
export class PushRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async keys(): Promise<PushKeysRow | undefined> {
    return this.db.selectFrom('push_keys').selectAll().where('id', '=', keysId).executeTakeFirst();
  }

  /** Stores the pair unless another node stored one first; either way the stored one is read. */
  async keepFirstKeys(publicKey: string, sealedPrivateKey: string, now: number): Promise<void> {
    await this.db
      .insertInto('push_keys')
      .values({ id: keysId, public_key: publicKey, private_key: sealedPrivateKey, created_at: now })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }

  async subscriptionsOf(userId: string): Promise<PushSubscriptionRow[]> {
    return this.db
      .selectFrom('push_subscriptions')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .execute();
  }

  /**
   * Saves a device's subscription for `row.user_id`: an endpoint already known (the same
   * device again, or one another account used on this browser) becomes this row.
   */
  async save(row: PushSubscriptionRow): Promise<void> {
    await this.db
      .insertInto('push_subscriptions')
      .values(row)
      .onConflict((oc) =>
        oc.column('endpoint').doUpdateSet((eb) => ({
          user_id: eb.ref('excluded.user_id'),
          p256dh: eb.ref('excluded.p256dh'),
          auth: eb.ref('excluded.auth'),
          created_at: eb.ref('excluded.created_at'),
        })),
      )
      .execute();
  }

  async remove(userId: string, endpoint: string): Promise<number> {
    const result = await this.db
      .deleteFrom('push_subscriptions')
      .where('user_id', '=', userId)
      .where('endpoint', '=', endpoint)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async removeAllOf(userId: string): Promise<void> {
    await this.db.deleteFrom('push_subscriptions').where('user_id', '=', userId).execute();
  }

  async removeById(id: string): Promise<void> {
    await this.db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
  }
}
