import type { SessionUser } from '@confab/protocol/auth';
import {
  aiHistoryDeviceOnlyMessage,
  aiHistoryFullMessage,
  aiHistoryMissingParentMessage,
  aiHistoryPageMax,
  aiHistoryPageMaxBytes,
  type AiHistoryChange,
  type AiHistoryMode,
  type AiHistoryPushChange,
  type AiHistoryPushResult,
  type AiHistorySettings,
  type syncedChatSchema,
  type syncedMessageSchema,
} from '@confab/protocol/ai-history';
import {
  foldForSearch,
  searchSnippet,
  type AiHistorySearchResult,
} from '@confab/protocol/ai-history-search';
import type { z } from 'zod';
import { badRequest, conflict } from '../lib/app-error';
import { takeAttempt, type AttemptLimiter } from '../lib/attempt-limiter';
import type { Transact } from '../db/transaction';
import type { RealtimeHub } from '../realtime/realtime-hub';
import type {
  AiChatRow,
  AiHistoryAccountRow,
  AiHistoryRepository,
  AiMessageRow,
} from '../repositories/ai-history.repository';

export interface AiHistoryServiceOptions {
  /** Reads outside a transaction (pulls, settings). */
  store: AiHistoryRepository;
  transact: Transact<AiHistoryRepository>;
  /** Most bytes of AI history one account may keep on the server. */
  maxBytes: number;
  /** Pushes per user per minute. */
  pushes: AttemptLimiter;
  /** Pushes whose body may exceed `limits.bodyMaxBytes`, counted before the body is read. */
  largePushes: AttemptLimiter;
  realtime: Pick<RealtimeHub, 'toUser'>;
}

export interface PushOutcome {
  results: AiHistoryPushResult[];
  revision: number;
}

/**
 * An account's AI history on the server (docs/product.md#ai-history-sync). Every route is the
 * signed-in user's own: the user id comes from the session and every row is keyed by it, so
 * two accounts using the same client ids never meet.
 *
 * - A push runs in one transaction that first locks the account's row: pushes of one account
 *   follow one another, so revision R committed means every revision up to R is.
 * - Each applied change takes the account's next revision; one that changes nothing (the same
 *   content pushed again, a deletion repeated) is `applied` at the revision it already has.
 * - Deleting a chat, known or not, leaves its tombstone and removes its messages' rows; a
 *   message deleted before the server saw it leaves a tombstone too, so a late push of either
 *   is answered `deleted`.
 * - Messages may arrive before their chat (a later push may carry it).
 */
export class AiHistoryService {
  constructor(private readonly options: AiHistoryServiceOptions) {}

  async settings(user: SessionUser): Promise<AiHistorySettings> {
    return this.settingsOf(await this.options.store.account(user.id));
  }

  async pullChats(
    user: SessionUser,
    since: number,
  ): Promise<{ settings: AiHistorySettings; changes: AiHistoryChange[] }> {
    // Settings first: every revision up to theirs is committed, so none is missed.
    const account = await this.options.store.account(user.id);
    const rows =
      account.mode === 'device' ? [] : await this.options.store.chatsSince(user.id, since);
    return { settings: this.settingsOf(account), changes: rows.map(chatChange) };
  }

  async pullMessages(
    user: SessionUser,
    since: number,
  ): Promise<{ changes: AiHistoryChange[]; more: boolean }> {
    const rows = await this.options.store.messagesSince(user.id, since, aiHistoryPageMax + 1);
    // A page also ends past `aiHistoryPageMaxBytes` of stored messages (always one at least):
    // messages with images are large, and a phone takes a reply of a few MB, not hundreds.
    let taken = 0;
    let bytes = 0;
    while (taken < Math.min(rows.length, aiHistoryPageMax)) {
      bytes += rows[taken]!.data?.length ?? 0;
      if (taken > 0 && bytes > aiHistoryPageMaxBytes) break;
      taken += 1;
    }
    return {
      changes: rows.slice(0, taken).map(messageChange),
      more: rows.length > taken,
    };
  }

  /**
   * The account's messages whose prompt or reply holds `query` (case-insensitive), newest
   * first, each with a snippet around its first match (docs/product.md#ai-history-search).
   */
  async search(user: SessionUser, query: string, limit: number): Promise<AiHistorySearchResult[]> {
    const { store } = this.options;
    const hits = await store.searchMessages(user.id, foldForSearch(query), limit);
    const chatIds = [...new Set(hits.map((hit) => hit.chat_id))];
    const titles = new Map(
      (await store.chatsByIds(user.id, chatIds)).map((chat) => [
        chat.id,
        chat.data === null ? '' : (JSON.parse(chat.data) as SyncedChat).summary,
      ]),
    );
    const results: AiHistorySearchResult[] = [];
    for (const hit of hits) {
      const message = JSON.parse(hit.data) as SyncedMessage;
      // Null only when the match spans the prompt's end and the reply's start: not a match.
      const snippet = searchSnippet(message, query);
      if (!snippet) continue;
      results.push({
        chatId: hit.chat_id,
        messageId: hit.id,
        chatTitle: titles.get(hit.chat_id) ?? '',
        createdAt: hit.created_at,
        ...snippet,
      });
    }
    return results;
  }

  /**
   * Admits a push whose body may be larger than other bodies (a prompt's images), before the
   * body is read: 429 past the user's allowance, so that a flood of them costs no parsing.
   */
  async admitLargePush(user: SessionUser): Promise<void> {
    await takeAttempt(
      this.options.largePushes,
      user.id,
      (seconds) => `Too many large AI history pushes; try again in ${seconds} s`,
    );
  }

  async push(user: SessionUser, changes: AiHistoryPushChange[]): Promise<PushOutcome> {
    await takeAttempt(this.options.pushes, user.id);
    const outcome = await this.options.transact(async (repository) => {
      const account = await repository.lockAccount(user.id);
      if (account.mode === 'device') throw conflict(aiHistoryDeviceOnlyMessage);
      const push = new PushInTransaction(repository, account, this.options.maxBytes);
      await push.load(changes);
      await push.checkParents(changes);
      const results: AiHistoryPushResult[] = [];
      for (const change of changes) results.push(await push.apply(change));
      await push.save();
      return { results, revision: push.revision, changed: push.revision !== account.revision };
    });
    if (outcome.changed) this.tell(user.id, outcome.revision);
    return { results: outcome.results, revision: outcome.revision };
  }

  /**
   * Device-only removes everything the server holds of the account's AI history; synced turns
   * pushes back on. Either change takes a revision, so the other devices hear of it.
   */
  async setMode(user: SessionUser, mode: AiHistoryMode): Promise<AiHistorySettings> {
    const outcome = await this.options.transact(async (repository) => {
      const account = await repository.lockAccount(user.id);
      if (account.mode === mode) return { account, changed: false };
      if (mode === 'device') await repository.removeAll(user.id);
      const next = {
        ...account,
        mode,
        revision: account.revision + 1,
        used_bytes: mode === 'device' ? 0 : account.used_bytes,
      };
      await repository.saveAccount(user.id, {
        mode,
        revision: next.revision,
        used_bytes: next.used_bytes,
      });
      return { account: next, changed: true };
    });
    if (outcome.changed) this.tell(user.id, outcome.account.revision);
    return this.settingsOf(outcome.account);
  }

  private tell(userId: string, revision: number): void {
    this.options.realtime.toUser(userId, 'aiHistoryChanged', { revision });
  }

  private settingsOf(account: AiHistoryAccountRow): AiHistorySettings {
    return {
      mode: account.mode,
      revision: account.revision,
      usedBytes: account.used_bytes,
      maxBytes: this.options.maxBytes,
    };
  }
}

/**
 * One push inside its transaction: the rows it names are read at once, then each change is
 * decided against them (as earlier changes of the same push left them). The rows it writes are
 * kept and written together, one statement per table (a push of 200 messages was 200 round
 * trips on PostgreSQL), before a chat's messages are removed and at the end.
 */
class PushInTransaction {
  revision: number;
  private used: number;
  private readonly chats = new Map<string, AiChatRow>();
  private readonly messages = new Map<string, AiMessageRow>();
  private readonly chatWrites = new Map<string, AiChatRow>();
  private readonly messageWrites = new Map<string, AiMessageRow>();
  /** Pushed messages whose parent the server does not have (checkParents). */
  private readonly missing = new Set<string>();
  /** Pushed messages the storage limit kept out: what follows them waits for them. */
  private readonly refused = new Set<string>();

  constructor(
    private readonly repository: AiHistoryRepository,
    private readonly account: AiHistoryAccountRow,
    private readonly maxBytes: number,
  ) {
    this.revision = account.revision;
    this.used = account.used_bytes;
  }

  private get userId() {
    return this.account.user_id;
  }

  async load(changes: AiHistoryPushChange[]): Promise<void> {
    const chatIds = new Set<string>();
    const messageIds = new Set<string>();
    for (const change of changes) {
      if (change.kind === 'chat') chatIds.add(change.chat.id);
      else if (change.kind === 'chat-deleted') chatIds.add(change.id);
      else if (change.kind === 'message') {
        chatIds.add(change.message.chatId);
        messageIds.add(change.message.id);
        if (change.message.parentId) messageIds.add(change.message.parentId);
      } else {
        chatIds.add(change.chatId);
        messageIds.add(change.id);
      }
    }
    for (const row of await this.repository.chatsByIds(this.userId, [...chatIds]))
      this.chats.set(row.id, row);
    for (const row of await this.repository.messagesByIds(this.userId, [...messageIds]))
      this.messages.set(row.id, row);
  }

  /**
   * Checks the parents the push names (docs/product.md#versions-and-branches). The parent may be
   * stored already or come in the same push. One the account does not have (never stored, lost,
   * or another account's: that is not told) makes the message, and whatever in the push follows
   * it, `missing-parent`: the device sends the parent and the message again. A parent in another
   * chat, or one that would make the message its own ancestor, only a broken client sends: the
   * whole push is refused (400). A parent deleted on the server makes the message `deleted`
   * instead (putMessage): it belonged to a branch another device removed.
   */
  async checkParents(changes: AiHistoryPushChange[]): Promise<void> {
    const linked = changes.flatMap((c) =>
      c.kind === 'message' && typeof c.message.parentId === 'string' ? [c.message] : [],
    );
    if (linked.length === 0) return;
    const goneChats = new Set(
      changes
        .flatMap((c) => (c.kind === 'chat-deleted' ? [c.id] : []))
        .concat([...this.chats.values()].filter((c) => c.deleted).map((c) => c.id)),
    );
    const chatIds = [...new Set(linked.map((m) => m.chatId))];
    const links = new Map<string, { chatId: string; parentId: string | null }>();
    for (const row of await this.repository.messageLinks(this.userId, chatIds)) {
      links.set(row.id, { chatId: row.chat_id, parentId: row.parent_id });
    }
    for (const change of changes) {
      if (change.kind !== 'message') continue;
      const { id, chatId, parentId } = change.message;
      const stored = links.get(id);
      links.set(id, {
        chatId,
        parentId: parentId === undefined ? (stored?.parentId ?? null) : parentId,
      });
    }
    // Whatever it names, a message of a deleted chat is answered `deleted`.
    const checked = linked.filter((m) => !goneChats.has(m.chatId));
    for (const message of checked) {
      const parentId = message.parentId!;
      // messagesByIds (load) read every parent named, whichever chat holds it.
      const chatOfParent = links.get(parentId)?.chatId ?? this.messages.get(parentId)?.chat_id;
      if (chatOfParent === undefined) {
        this.missing.add(message.id);
        continue;
      }
      if (chatOfParent !== message.chatId) {
        throw badRequest(
          `Message ${message.id} follows ${parentId}, which is not a message of its chat`,
        );
      }
      const seen = new Set([message.id]);
      for (let at: string | null = parentId; at !== null; at = links.get(at)?.parentId ?? null) {
        if (seen.has(at)) {
          throw badRequest(`Message ${message.id} would follow itself: its parents form a loop`);
        }
        seen.add(at);
      }
    }
    // What follows a missing message the server does not have either is missing too (no loops
    // are left, so this ends).
    for (let grew = true; grew;) {
      grew = false;
      for (const { id, parentId } of checked) {
        if (this.missing.has(id) || !this.missing.has(parentId!)) continue;
        if (this.messages.has(parentId!)) continue;
        this.missing.add(id);
        grew = true;
      }
    }
  }

  async save(): Promise<void> {
    await this.flush();
    if (this.revision === this.account.revision) return;
    await this.repository.saveAccount(this.userId, {
      revision: this.revision,
      used_bytes: this.used,
    });
  }

  async apply(change: AiHistoryPushChange): Promise<AiHistoryPushResult> {
    switch (change.kind) {
      case 'chat':
        return this.putChat(change.chat, change.baseRevision);
      case 'chat-deleted':
        return this.deleteChat(change.id);
      case 'message':
        return this.putMessage(change.message);
      case 'message-deleted':
        return this.deleteMessage(change.id, change.chatId);
    }
  }

  private putChat(
    chat: Extract<AiHistoryPushChange, { kind: 'chat' }>['chat'],
    baseRevision: number,
  ): AiHistoryPushResult {
    const stored = this.chats.get(chat.id);
    if (stored?.deleted) return { status: 'deleted' };
    const data = JSON.stringify(chat);
    if (stored?.data === data) return { status: 'applied', revision: stored.revision };
    if (stored && baseRevision < stored.revision) {
      return {
        status: 'stale',
        revision: stored.revision,
        chat: JSON.parse(stored.data!) as SyncedChat,
      };
    }
    const size = Buffer.byteLength(data);
    if (!this.fits(size - (stored?.size ?? 0))) return this.full();
    const row: AiChatRow = {
      user_id: this.userId,
      id: chat.id,
      revision: this.nextRevision(),
      deleted: 0,
      data,
      size,
    };
    this.used += size - (stored?.size ?? 0);
    this.writeChat(row);
    return { status: 'applied', revision: row.revision };
  }

  private async deleteChat(id: string): Promise<AiHistoryPushResult> {
    const stored = this.chats.get(id);
    if (stored?.deleted) return { status: 'applied', revision: stored.revision };
    // The rows kept so far first: the removal must reach the messages this push added.
    await this.flush();
    const removed = await this.repository.removeChatMessages(this.userId, id);
    for (const message of removed) {
      this.used -= message.size;
      this.messages.delete(message.id);
    }
    const row: AiChatRow = {
      user_id: this.userId,
      id,
      revision: this.nextRevision(),
      deleted: 1,
      data: null,
      size: 0,
    };
    this.used -= stored?.size ?? 0;
    this.writeChat(row);
    return { status: 'applied', revision: row.revision };
  }

  private putMessage(
    message: Extract<AiHistoryPushChange, { kind: 'message' }>['message'],
  ): AiHistoryPushResult {
    if (this.chats.get(message.chatId)?.deleted) return { status: 'deleted' };
    const stored = this.messages.get(message.id);
    if (stored?.deleted) return { status: 'deleted' };
    if (message.parentId && this.parentDeleted(message.parentId)) return { status: 'deleted' };
    if (this.missing.has(message.id)) {
      return { status: 'missing-parent', message: aiHistoryMissingParentMessage };
    }
    const data = JSON.stringify(message);
    if (stored?.data === data) return { status: 'applied', revision: stored.revision };
    const size = Buffer.byteLength(data);
    if (
      !this.fits(size - (stored?.size ?? 0)) ||
      (message.parentId && this.refused.has(message.parentId))
    ) {
      this.refused.add(message.id);
      return this.full();
    }
    const row: AiMessageRow = {
      user_id: this.userId,
      id: message.id,
      chat_id: message.chatId,
      revision: this.nextRevision(),
      deleted: 0,
      data,
      size,
      created_at: message.createdAt,
      // A device from before versions sends no parent: the one the server has stays.
      parent_id: message.parentId === undefined ? (stored?.parent_id ?? null) : message.parentId,
    };
    this.used += size - (stored?.size ?? 0);
    this.writeMessage(row);
    return { status: 'applied', revision: row.revision };
  }

  private deleteMessage(id: string, chatId: string): AiHistoryPushResult {
    // The chat's deletion removed its messages: nothing is left to delete.
    if (this.chats.get(chatId)?.deleted) return { status: 'deleted' };
    const stored = this.messages.get(id);
    if (stored?.deleted) return { status: 'applied', revision: stored.revision };
    const row: AiMessageRow = {
      user_id: this.userId,
      id,
      chat_id: stored?.chat_id ?? chatId,
      revision: this.nextRevision(),
      deleted: 1,
      data: null,
      size: 0,
      created_at: stored?.created_at ?? 0,
      parent_id: null,
    };
    this.used -= stored?.size ?? 0;
    this.writeMessage(row);
    return { status: 'applied', revision: row.revision };
  }

  private parentDeleted(parentId: string): boolean {
    return this.messages.get(parentId)?.deleted === 1;
  }

  private writeChat(row: AiChatRow): void {
    this.chats.set(row.id, row);
    this.chatWrites.set(row.id, row);
  }

  private writeMessage(row: AiMessageRow): void {
    this.messages.set(row.id, row);
    this.messageWrites.set(row.id, row);
  }

  private async flush(): Promise<void> {
    await this.repository.putChats([...this.chatWrites.values()]);
    await this.repository.putMessages([...this.messageWrites.values()]);
    this.chatWrites.clear();
    this.messageWrites.clear();
  }

  /** Whether `growth` more bytes stay within the limit (shrinking always does). */
  private fits(growth: number): boolean {
    return growth <= 0 || this.used + growth <= this.maxBytes;
  }

  private full(): AiHistoryPushResult {
    return { status: 'full', message: aiHistoryFullMessage(this.maxBytes) };
  }

  private nextRevision(): number {
    this.revision += 1;
    return this.revision;
  }
}

type SyncedChat = z.infer<typeof syncedChatSchema>;
type SyncedMessage = z.infer<typeof syncedMessageSchema>;

// The stored JSON is what the push's schema let through, so it reads back as that type.
function chatChange(row: AiChatRow): AiHistoryChange {
  return row.deleted || row.data === null
    ? { kind: 'chat-deleted', revision: row.revision, id: row.id }
    : { kind: 'chat', revision: row.revision, chat: JSON.parse(row.data) as SyncedChat };
}

function messageChange(row: AiMessageRow): AiHistoryChange {
  return row.deleted || row.data === null
    ? { kind: 'message-deleted', revision: row.revision, id: row.id, chatId: row.chat_id }
    : { kind: 'message', revision: row.revision, message: JSON.parse(row.data) as SyncedMessage };
}
