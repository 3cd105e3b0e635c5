/**
 * What a block hides and an unblock gives back, and how a request was addressed.
 *
 * - `unblock_to`: the status a blocked request returns to when its blocker lifts the block
 *   (pending, accepted or rejected), or null to remove the request (a block made after the pair
 *   were no longer contacts, and blocks stored before this column, whose earlier state is not
 *   known: an unblock never makes friends of a pair).
 * - `addressed_as`: the e-mail a request was sent to, when it was; its sender is shown that
 *   address instead of the receiver's username until the request is accepted.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('friend_requests').addColumn('unblock_to', 'text').execute();
  await db.schema.alterTable('friend_requests').addColumn('addressed_as', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('friend_requests').dropColumn('addressed_as').execute();
  await db.schema.alterTable('friend_requests').dropColumn('unblock_to').execute();
}
