import type { RealtimeHub } from '../realtime/realtime-hub';
import type { AiAnswerRelayService } from './ai-answer-relay.service';
import type { ChatsService } from './chats.service';
import type { ContactsService } from './contacts.service';
import type { PresenceService } from './presence.service';
import type { TypingService } from './typing.service';

interface PairChangeParts {
  contacts: ContactsService;
  chats: ChatsService;
  typing: TypingService;
  presence: PresenceService;
  realtime: RealtimeHub;
  aiAnswers: AiAnswerRelayService;
  log: { warn(details: object, message: string): void };
}

/**
 * What a pair sees at once when their friendship starts, ends or is blocked: each tab gets the
 * chat as it now is (`chatUpdated`, read-only or not, so a composer closes without a reload);
 * a chat that became read-only loses its typing indicators and its room (no typing either way);
 * both people's "AI in this chat" switches go off and, where both were on, its live AI answers
 * stop for both (docs/product.md#ask-ai-in-chat); and each is shown the
 * other's presence as they may now see it.
 */
export function tellPairChanges({
  contacts,
  chats,
  typing,
  presence,
  realtime,
  aiAnswers,
  log,
}: PairChangeParts): void {
  contacts.onPairChanged(async (userIds, chatId) => {
    // The chat as it now is reaches both before the request that changed it answers.
    let writable: boolean;
    let aiWasOn: boolean;
    try {
      ({ writable, aiWasOn } = await chats.pairChanged(userIds, chatId));
    } catch (error) {
      log.warn({ err: error }, 'telling a pair of a change failed');
      return;
    }
    // Typing, rooms and presence may wait on Redis: they go on after the answer.
    const rest = async () => {
      if (!writable) {
        if (aiWasOn) aiAnswers.chatBecameReadOnly(userIds, chatId);
        for (const userId of userIds) await typing.stop(chatId, userId);
        realtime.leaveChat(userIds, chatId);
      }
      await presence.pairChanged(...userIds);
    };
    rest().catch((error: unknown) => log.warn({ err: error }, 'telling a pair of a change failed'));
  });
}
