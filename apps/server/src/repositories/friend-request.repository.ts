import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Database, FriendRequestStatus, FriendRequestsTable } from '../db/schema';
import { pairKey } from '../lib/pair-key';

export type FriendRequestRow = Selectable<FriendRequestsTable>;

/** A request with both usernames and the id of the pair's private chat, if any. */
export type FriendRequestView = FriendRequestRow & {
  sender_username: string;
  receiver_username: string;
  sender_display_name: string | null;
  receiver_display_name: string | null;
  sender_avatar_version: number | null;
  receiver_avatar_version: number | null;
  chat_id: string | null;
};

export class FriendRequestRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private selectViews() {
    return (
      this.db
        .selectFrom('friend_requests as fr')
        .innerJoin('users as sender', 'sender.id', 'fr.sender_id')
        .innerJoin('users as receiver', 'receiver.id', 'fr.receiver_id')
        // Friend requests and private chats share the pair key, so the join needs no lookup.
        .leftJoin('chats', 'chats.pair_key', 'fr.pair_key')
        .selectAll('fr')
        .select([
          'sender.username as sender_username',
          'receiver.username as receiver_username',
          'sender.display_name as sender_display_name',
          'receiver.display_name as receiver_display_name',
          'sender.avatar_version as sender_avatar_version',
          'receiver.avatar_version as receiver_avatar_version',
          'chats.id as chat_id',
        ])
    );
  }

  findById(id: string): Promise<FriendRequestView | undefined> {
    return this.selectViews().where('fr.id', '=', id).executeTakeFirst();
  }

  findByPair(a: string, b: string): Promise<FriendRequestView | undefined> {
    return this.selectViews().where('fr.pair_key', '=', pairKey(a, b)).executeTakeFirst();
  }

  /**
   * Every request the user takes part in, newest change first, except those the other party
   * blocked: a blocked user is not shown the block.
   */
  listVisibleTo(userId: string): Promise<FriendRequestView[]> {
    return this.selectViews()
      .where((eb) =>
        eb.and([
          eb.or([eb('fr.sender_id', '=', userId), eb('fr.receiver_id', '=', userId)]),
          eb.or([eb('fr.status', '!=', 'blocked'), eb('fr.blocked_by', '=', userId)]),
        ]),
      )
      .orderBy('fr.updated_at', 'desc')
      .orderBy('fr.id')
      .execute();
  }

  /**
   * The users who see this user's presence: contacts whose friendship stands (accepted), unless
   * either of them blocked their chat. A block hides presence both ways, as a removal does.
   */
  async presenceWatchersOf(userId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('friend_requests as fr')
      .select(['fr.sender_id', 'fr.receiver_id'])
      .where((eb) =>
        eb.and([
          eb.or([eb('fr.sender_id', '=', userId), eb('fr.receiver_id', '=', userId)]),
          eb('fr.status', '=', 'accepted'),
          eb.not(
            eb.exists(
              eb
                .selectFrom('chats')
                .innerJoin('chat_participants as p', 'p.chat_id', 'chats.id')
                .select('p.chat_id')
                .whereRef('chats.pair_key', '=', 'fr.pair_key')
                .where('p.blocked', '=', 1),
            ),
          ),
        ]),
      )
      .execute();
    return rows.map((row) => (row.sender_id === userId ? row.receiver_id : row.sender_id));
  }

  /**
   * Who may see this user's display name and avatar (docs/product.md#identity): the other party
   * of a pending or accepted request (a sender who addressed it to an e-mail only once it is
   * accepted: the address must not show whose it is) and every chat partner, unless a block
   * stands between the pair either way.
   */
  async profileAudienceOf(userId: string): Promise<string[]> {
    const requests = await this.db
      .selectFrom('friend_requests as fr')
      .select(['fr.sender_id', 'fr.receiver_id'])
      .where((eb) =>
        eb.and([
          eb.or([eb('fr.sender_id', '=', userId), eb('fr.receiver_id', '=', userId)]),
          eb.or([
            eb('fr.status', '=', 'accepted'),
            eb.and([
              eb('fr.status', '=', 'pending'),
              eb.or([eb('fr.sender_id', '=', userId), eb('fr.addressed_as', 'is', null)]),
            ]),
          ]),
        ]),
      )
      .execute();
    const partners = await this.db
      .selectFrom('chat_participants as mine')
      .innerJoin('chat_participants as other', 'other.chat_id', 'mine.chat_id')
      .innerJoin('chats', 'chats.id', 'mine.chat_id')
      .select('other.user_id')
      .where('mine.user_id', '=', userId)
      .where('other.user_id', '!=', userId)
      .where('mine.blocked', '=', 0)
      .where('other.blocked', '=', 0)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('friend_requests as fr')
              .select('fr.id')
              .whereRef('fr.pair_key', '=', 'chats.pair_key')
              .where('fr.status', '=', 'blocked'),
          ),
        ),
      )
      .execute();
    const ids = new Set(partners.map((row) => row.user_id));
    for (const row of requests) ids.add(row.sender_id === userId ? row.receiver_id : row.sender_id);
    return [...ids];
  }

  /**
   * A new request: pending, or (`blocked`) a block recorded where the pair had no request, which
   * an unblock removes again.
   */
  async create(request: {
    id: string;
    senderId: string;
    receiverId: string;
    addressedAs: string | null;
    now: number;
    blocked?: { by: string; unblockTo: null };
  }): Promise<void> {
    await this.db
      .insertInto('friend_requests')
      .values({
        id: request.id,
        sender_id: request.senderId,
        receiver_id: request.receiverId,
        pair_key: pairKey(request.senderId, request.receiverId),
        status: request.blocked ? 'blocked' : 'pending',
        blocked_by: request.blocked?.by ?? null,
        unblock_to: null,
        addressed_as: request.addressedAs,
        created_at: request.now,
        updated_at: request.now,
      })
      .execute();
  }

  /**
   * Applies `changes` only while the request is still in `expected` status, so two racing
   * changes (a double-clicked accept, accept against reject) cannot both win. True when applied.
   */
  async updateIfStatus(
    id: string,
    expected: FriendRequestStatus,
    changes: Updateable<FriendRequestsTable>,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('friend_requests')
      .set(changes)
      .where('id', '=', id)
      .where('status', '=', expected)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Deletes the request only while it is in `expected` status. True when deleted. */
  async deleteIfStatus(id: string, expected: FriendRequestStatus): Promise<boolean> {
    const result = await this.db
      .deleteFrom('friend_requests')
      .where('id', '=', id)
      .where('status', '=', expected)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }
}
