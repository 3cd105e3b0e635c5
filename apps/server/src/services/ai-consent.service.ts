import type { SessionUser } from '@confab/protocol/auth';
import { takeAttempt, type AttemptLimiter } from '../lib/attempt-limiter';
import type { SocialChat } from '@confab/protocol/social-chat';
import type { ChatRepository } from '../repositories/chat.repository';
import type { AiAnswerRelayService } from './ai-answer-relay.service';
import { aiConsentOfBoth } from './ai-consent';
import type { ChatsService } from './chats.service';
import { refuseUnlessWritable } from './social-chat-views';

interface AiConsentServiceOptions {
  /** Each user's allowance of switches (every one is told to the other side's tabs). */
  switches: AttemptLimiter;
  chats: ChatsService;
  chatRows: ChatRepository;
  relay: AiAnswerRelayService;
}

/**
 * "AI in this chat" (docs/product.md#ask-ai-in-chat): each participant's own switch, off by
 * default. Only a participant sets theirs (404 for anyone else), and only in a writable chat
 * (403 when blocked or removed). Both participants' tabs are shown the chat as it now is
 * (`chatUpdated`, carrying both switches); switching off stops the chat's live answers at once.
 */
export class AiConsentService {
  constructor(private readonly options: AiConsentServiceOptions) {}

  async set(user: SessionUser, chatId: string, enabled: boolean): Promise<SocialChat> {
    const { chats, chatRows, relay } = this.options;
    await takeAttempt(this.options.switches, user.id);
    const entry = await chats.access(user.id, chatId);
    refuseUnlessWritable(entry);
    // Only a switch that ends "both on" can stop an answer: nothing is said otherwise.
    const wasOn = aiConsentOfBoth(entry);
    await chatRows.updateParticipant(chatId, user.id, { ai_enabled: enabled ? 1 : 0 });
    const participantIds = [user.id, ...entry.others.map((other) => other.user_id)];
    if (!enabled && wasOn) relay.stopChat(participantIds, chatId, 'consentOff', user.username);
    await chats.pairChanged(participantIds, chatId);
    return chats.get(user, chatId);
  }
}
