import { useTranslation } from 'react-i18next';
import { DropdownMenuItem } from '@/components/ui/dropdown-menu';
import type { RoomMessage } from '../lib/message-order';
import { useMessageActions, type MessageActions } from './message-actions-context';

/**
 * Whether a bubble offers its menu: one's own sent messages to edit or delete, and, in a
 * writable room, any sent message to reply to, react to, forward or delete for oneself.
 */
export function offersMenu(
  actions: MessageActions | null,
  message: RoomMessage,
  changeable: boolean,
  canChange: boolean,
): boolean {
  return (
    canChange || (actions !== null && changeable && message.status === 'sent' && !message.deleted)
  );
}

/** The menu's items beside edit and delete (docs/product.md#message-extras). */
export function MessageMenuItems({ message }: { message: RoomMessage }) {
  const { t } = useTranslation('socialChat');
  const actions = useMessageActions();
  if (!actions || message.status !== 'sent' || message.deleted) return null;
  return (
    <>
      <DropdownMenuItem onSelect={() => actions.reply(message)}>
        {t('extras.reply')}
      </DropdownMenuItem>
      <DropdownMenuItem onSelect={() => actions.pickReaction(message)}>
        {t('extras.react')}
      </DropdownMenuItem>
      {message.attachment ? null : (
        <DropdownMenuItem onSelect={() => actions.forward(message)}>
          {t('extras.forward')}
        </DropdownMenuItem>
      )}
      <DropdownMenuItem onSelect={() => actions.hide(message)}>{t('extras.hide')}</DropdownMenuItem>
    </>
  );
}
