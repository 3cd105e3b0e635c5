import { useTranslation } from 'react-i18next';
import { DropdownMenuItem } from '@/components/ui/dropdown-menu';
import { helpsWith } from '../hooks/use-message-helper';
import type { HelperAction } from '../lib/helper-prompt';
import type { RoomMessage } from '../lib/message-order';
import { useMessageHelperContext, type MessageHelperValue } from './message-helper-context';

/**
 * The helper's actions a message offers (docs/product.md#message-helper): all three on the
 * other person's message (Draft a reply only in a writable chat), Translate on one's own.
 */
export function helperActionsFor(
  value: MessageHelperValue | null,
  message: RoomMessage,
  own: boolean,
): HelperAction[] {
  if (!value || !helpsWith(message)) return [];
  if (own) return ['translate'];
  return value.canDraft ? ['explain', 'translate', 'draft'] : ['explain', 'translate'];
}

export function MessageHelperMenuItems({
  message,
  own,
  onPick,
}: {
  message: RoomMessage;
  own: boolean;
  /** Heard before the action starts (the bubble keeps the focus off the menu's button). */
  onPick: () => void;
}) {
  const { t } = useTranslation('socialChat');
  const value = useMessageHelperContext();
  const offered = helperActionsFor(value, message, own);
  if (!value || offered.length === 0) return null;
  return (
    <>
      {offered.map((action) => (
        <DropdownMenuItem
          key={action}
          onSelect={() => {
            onPick();
            value.helper.open(message, action);
          }}
        >
          {t(`helper.action.${action}`)}
        </DropdownMenuItem>
      ))}
    </>
  );
}
