import type { SessionUser } from '@confab/protocol/auth';
import {
  aiRelayLimits,
  type AiAnswerDeltaPayload,
  type AiAnswerEndPayload,
  type AiAnswerStartPayload,
  type AiAnswerStopReason,
} from '@confab/protocol/ai-answer-relay';
import { badRequest, conflict, forbidden, notFound, rateLimited } from '../lib/app-error';
import type { ServerToClientEvents } from '@confab/protocol/socket-events';
import type { RealtimeHub } from '../realtime/realtime-hub';
import type { ChatForViewer } from '../repositories/chat.repository';
import { aiConsentOff, aiConsentOfBoth } from './ai-consent';
import type { ChatsService } from './chats.service';
import { isChatWritable, readOnlyChat } from './social-chat-views';

/** A live answer streaming from one tab of its asker, through this node. */
interface LiveAnswer {
  chatId: string;
  askerId: string;
  /** The asker's tab: only it may add to the answer or end it. */
  socketId: string;
  /** The other participants, who see the answer grow. */
  otherIds: string[];
  /** Characters relayed so far. */
  relayed: number;
  /** The answer's events, one after another: each waits on its own database check. */
  queue: Promise<unknown>;
  /** When the asker's tab last sent something for it (for the idle stop). */
  lastAt: number;
}

interface AiAnswerRelayOptions {
  chats: ChatsService;
  realtime: RealtimeHub;
  /** An answer with nothing new for this long is stopped (`stalled`). */
  idleMs: number;
  now?: () => number;
}

/** Why no answer may stream in this chat now, or null when one may. */
function refusalIn(entry: ChatForViewer): { reason: AiAnswerStopReason; error: Error } | null {
  if (!isChatWritable(entry)) return { reason: 'readOnly', error: forbidden(readOnlyChat) };
  if (!aiConsentOfBoth(entry)) {
    return { reason: 'consentOff', error: forbidden(aiConsentOff).because('AI_CONSENT_OFF') };
  }
  return null;
}

// One text for an answer id that is unknown, another user's, or another tab's.
const noSuchAnswer = 'No such answer streaming from this tab';

/**
 * The live relay of an answer asked in a chat (docs/product.md#ask-ai-in-chat). The asker's
 * browser calls its own model and relays what arrives; the server checks every event and
 * forwards it to the other participant's tabs and the asker's other tabs.
 *
 * - Every event is checked against the database: the asker takes part in the chat, it is
 *   writable (not blocked, not removed) and both participants' consent is on. A delta that
 *   fails the check stops the answer for both sides (`aiAnswerStopped`) and is refused.
 * - An answer belongs to the tab that started it (answers are kept by the node of that tab):
 *   another user, or another tab, naming it is told there is no such answer.
 * - Switching consent off, or the chat becoming read-only, stops the chat's answers at once
 *   (`stopChat`, told to every tab of both, on any node); so does the asker's tab going away.
 * - What streams is cut at the stored reply's limit (`aiRelayLimits.textMax`).
 * - An answer's events are relayed in the order its tab sent them, however long each check
 *   takes (a pool may answer checks out of order), and its end after them.
 * - An answer with nothing new for `idleMs` (a tab that never ends it, a stalled provider) is
 *   stopped for both sides (`stalled`): no bubble is left hanging.
 */
export class AiAnswerRelayService {
  private readonly live = new Map<string, LiveAnswer>();
  private readonly now: () => number;
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly options: AiAnswerRelayOptions) {
    this.now = options.now ?? Date.now;
    this.sweeper = setInterval(
      () => this.stopIdle(),
      Math.min(30_000, Math.max(50, Math.floor(options.idleMs / 4))),
    );
    this.sweeper.unref();
  }

  close(): void {
    clearInterval(this.sweeper);
  }

  /** Stops the answers whose tab sent nothing new for `idleMs`. */
  stopIdle(): void {
    const before = this.now() - this.options.idleMs;
    for (const [answerId, answer] of this.live) {
      if (answer.lastAt <= before) this.stop(answerId, answer, 'stalled', null);
    }
  }

  async start(
    user: SessionUser,
    socketId: string,
    payload: AiAnswerStartPayload,
  ): Promise<{ answerId: string }> {
    const entry = await this.allowed(user.id, payload.chatId);
    if (this.live.has(payload.answerId)) throw conflict('This answer has started already');
    const mine = [...this.live.values()].filter((answer) => answer.askerId === user.id).length;
    if (mine >= aiRelayLimits.liveAnswersPerUser) {
      throw rateLimited('Too many answers streaming at once: wait for one to end', 5);
    }
    const answer: LiveAnswer = {
      chatId: payload.chatId,
      askerId: user.id,
      socketId,
      otherIds: entry.others.map((other) => other.user_id),
      relayed: 0,
      queue: Promise.resolve(),
      lastAt: this.now(),
    };
    this.live.set(payload.answerId, answer);
    this.tell(answer, 'aiAnswerStarted', {
      chatId: payload.chatId,
      answerId: payload.answerId,
      askerId: user.id,
      askerUsername: user.username,
      model: payload.model,
      provider: payload.provider,
      contextCount: payload.contextCount,
    });
    return { answerId: payload.answerId };
  }

  async delta(
    user: SessionUser,
    socketId: string,
    payload: AiAnswerDeltaPayload,
  ): Promise<{ relayed: number }> {
    const answer = this.ownAnswer(user, socketId, payload.answerId);
    answer.lastAt = this.now();
    return this.inTurn(answer, () => this.relay(user, payload, answer));
  }

  private async relay(
    user: SessionUser,
    payload: AiAnswerDeltaPayload,
    answer: LiveAnswer,
  ): Promise<{ relayed: number }> {
    const entry = await this.options.chats.access(user.id, answer.chatId);
    // Stopped while this delta waited its turn.
    if (this.live.get(payload.answerId) !== answer) throw notFound(noSuchAnswer);
    const refusal = refusalIn(entry);
    if (refusal) {
      // Consent went off or the chat became read-only (told by another node, or missed).
      this.stop(payload.answerId, answer, refusal.reason, null);
      throw refusal.error;
    }
    const room = aiRelayLimits.textMax - answer.relayed;
    if (room <= 0) {
      throw badRequest(`An answer streams at most ${aiRelayLimits.textMax} characters`, {
        text: 'The answer is complete: no more text is relayed',
      });
    }
    let text = payload.text.slice(0, room);
    // Never half of a surrogate pair.
    if (text.length < payload.text.length && /[\uD800-\uDBFF]$/.test(text)) {
      text = text.slice(0, -1);
    }
    answer.relayed += text.length;
    this.tell(answer, 'aiAnswerDelta', { chatId: answer.chatId, answerId: payload.answerId, text });
    return { relayed: answer.relayed };
  }

  async end(
    user: SessionUser,
    socketId: string,
    payload: AiAnswerEndPayload,
  ): Promise<{ answerId: string }> {
    const answer = this.ownAnswer(user, socketId, payload.answerId);
    // After the deltas sent before it.
    await this.inTurn(answer, () => Promise.resolve()).catch(() => undefined);
    if (this.live.get(payload.answerId) !== answer) throw notFound(noSuchAnswer);
    this.live.delete(payload.answerId);
    this.tell(answer, 'aiAnswerEnded', {
      chatId: answer.chatId,
      answerId: payload.answerId,
      stored: payload.stored,
    });
    return { answerId: payload.answerId };
  }

  /**
   * Stops every answer of a chat, on every node: both participants' tabs are told (the asker's
   * browser aborts its model), and this node forgets the answers it relayed.
   */
  stopChat(
    participantIds: readonly string[],
    chatId: string,
    reason: AiAnswerStopReason,
    byUsername: string | null,
  ): void {
    for (const [answerId, answer] of this.live) {
      if (answer.chatId === chatId) this.live.delete(answerId);
    }
    this.options.realtime.toUsers([...participantIds], 'aiAnswerStopped', {
      chatId,
      answerId: null,
      reason,
      byUsername,
    });
  }

  /**
   * The chat became read-only (a block, a removal) while both had AI on, the one case an answer
   * may be streaming: its answers stop (other chats hear nothing of it).
   */
  chatBecameReadOnly(participantIds: readonly string[], chatId: string): void {
    this.stopChat(participantIds, chatId, 'readOnly', null);
  }

  /** A tab went away: its answers end, unstored, for everyone who watched them. */
  socketGone(socketId: string): void {
    for (const [answerId, answer] of this.live) {
      if (answer.socketId === socketId) this.stop(answerId, answer, 'askerLeft', null);
    }
  }

  /** The chat as the asker sees it, if an answer may stream there now; else 404 or 403. */
  private async allowed(userId: string, chatId: string): Promise<ChatForViewer> {
    const entry = await this.options.chats.access(userId, chatId);
    const refusal = refusalIn(entry);
    if (refusal) throw refusal.error;
    return entry;
  }

  /** Runs `step` after the answer's earlier events; a failed one does not hold up the next. */
  private inTurn<T>(answer: LiveAnswer, step: () => Promise<T>): Promise<T> {
    const turn = answer.queue.then(step, step);
    answer.queue = turn.catch(() => undefined);
    return turn;
  }

  private ownAnswer(user: SessionUser, socketId: string, answerId: string): LiveAnswer {
    const answer = this.live.get(answerId);
    if (!answer || answer.askerId !== user.id || answer.socketId !== socketId) {
      throw notFound(noSuchAnswer);
    }
    return answer;
  }

  private stop(
    answerId: string,
    answer: LiveAnswer,
    reason: AiAnswerStopReason,
    byUsername: string | null,
  ): void {
    this.live.delete(answerId);
    this.options.realtime.toUsers([answer.askerId, ...answer.otherIds], 'aiAnswerStopped', {
      chatId: answer.chatId,
      answerId,
      reason,
      byUsername,
    });
  }

  /** To the other participants' tabs and the asker's other tabs (on any node). */
  private tell<E extends 'aiAnswerStarted' | 'aiAnswerDelta' | 'aiAnswerEnded'>(
    answer: LiveAnswer,
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): void {
    const { realtime } = this.options;
    if (answer.otherIds.length > 0) realtime.toUsers(answer.otherIds, event, ...args);
    realtime.toUserExceptSocket(answer.askerId, answer.socketId, event, ...args);
  }
}
