import type { ReplyQuote } from '@confab/protocol/reactions';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui/toast-store';
import { forwardMessage, hideMessage, reactToMessage } from '../api/message-extras';
import type { MessageActions } from '../components/message-actions-context';
import type { RoomMessage } from '../lib/message-order';
import { quoteOf } from '../lib/reply-quote';

const focusComposer = () =>
  document.querySelector<HTMLTextAreaElement>('[data-room-composer] textarea')?.focus();

/**
 * The composer takes the focus, so the reply can be typed at once. The menu the reply was
 * picked from gives the focus back to its button when it has closed (after its animation), so
 * the composer takes it again from there.
 */
function focusComposerAfterMenu() {
  requestAnimationFrame(focusComposer);
  const takeBack = (event: FocusEvent) => {
    if (!(event.target instanceof Element) || event.target.getAttribute('aria-haspopup') !== 'menu')
      return;
    document.removeEventListener('focusin', takeBack);
    focusComposer();
  };
  document.addEventListener('focusin', takeBack);
  setTimeout(() => document.removeEventListener('focusin', takeBack), 1000);
}

const failure = (title: string) => (error: unknown) =>
  toast({
    title,
    description: error instanceof Error ? error.message : undefined,
    variant: 'error',
  });

/**
 * The room's replies, reactions, forwards and deletions for oneself
 * (docs/product.md#message-extras): the actions every bubble reaches through the context, and
 * the state of the composer's reply and of the dialogs they open.
 */
export function useMessageExtras(
  chatId: string,
  viewerId: string,
  jumpTo: (quote: ReplyQuote) => void,
) {
  const { t } = useTranslation('socialChat');
  const [replyTo, setReplyTo] = useState<ReplyQuote | null>(null);
  const [picking, setPicking] = useState<RoomMessage | null>(null);
  const [forwarding, setForwarding] = useState<RoomMessage | null>(null);
  const [forwardBusy, setForwardBusy] = useState(false);
  const [hiding, setHiding] = useState<RoomMessage | null>(null);

  const toggleReaction = useCallback(
    (message: RoomMessage, emoji: string, value: boolean) =>
      void reactToMessage(chatId, message.id, emoji, value).catch(failure(t('reactions.failed'))),
    [chatId, t],
  );

  const actions = useMemo<MessageActions>(
    () => ({
      viewerId,
      reply: (message) => {
        setReplyTo(quoteOf(message));
        focusComposerAfterMenu();
      },
      pickReaction: setPicking,
      toggleReaction,
      forward: setForwarding,
      hide: setHiding,
      jumpTo,
    }),
    [viewerId, toggleReaction, jumpTo],
  );

  const pick = (emoji: string) => {
    const message = picking;
    setPicking(null);
    if (!message) return;
    const mine = message.reactions
      ?.find((r) => r.emoji === emoji)
      ?.users.some((u) => u.id === viewerId);
    toggleReaction(message, emoji, !mine);
  };

  const forwardTo = (toChatId: string, name: string) => {
    const message = forwarding;
    if (!message) return;
    setForwardBusy(true);
    forwardMessage(chatId, message.id, toChatId)
      .then(() => {
        setForwarding(null);
        toast({ title: t('forward.done', { name }), variant: 'success' });
      })
      .catch(failure(t('forward.failed')))
      .finally(() => setForwardBusy(false));
  };

  const confirmHide = () => {
    const message = hiding;
    setHiding(null);
    if (message) void hideMessage(chatId, message.id).catch(failure(t('hide.failed')));
  };

  return {
    actions,
    replyTo,
    cancelReply: () => setReplyTo(null),
    picker: { open: picking !== null, close: () => setPicking(null), pick },
    forward: {
      open: forwarding !== null,
      busy: forwardBusy,
      close: () => setForwarding(null),
      to: forwardTo,
    },
    hide: { open: hiding !== null, close: () => setHiding(null), confirm: confirmHide },
  };
}

export type MessageExtras = ReturnType<typeof useMessageExtras>;
