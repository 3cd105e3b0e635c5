import { SmilePlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Tooltip } from '@/components/ui/tooltip';
import { cn } from '@/lib/cn';
import { visibleText } from '@/lib/visible-text';
import { emojiFont } from '../lib/emoji-font';
import type { RoomMessage } from '../lib/message-order';
import { useMessageActions } from './message-actions-context';

/**
 * Under a bubble: each emoji on the message with its count; who put it shows on hover and
 * focus, and is read out. The viewer's own are pressed: clicking one takes it back, another
 * adds theirs.
 */
export function ReactionBar({ message, own }: { message: RoomMessage; own: boolean }) {
  // Most messages have none: they skip the hooks, as each row on screen mounts this.
  if (message.deleted || !message.reactions?.length) return null;
  return <Reactions message={message} reactions={message.reactions} own={own} />;
}

function Reactions({
  message,
  reactions,
  own,
}: {
  message: RoomMessage;
  reactions: NonNullable<RoomMessage['reactions']>;
  own: boolean;
}) {
  const { t } = useTranslation('socialChat');
  const actions = useMessageActions();
  return (
    <ul
      aria-label={t('reactions.label')}
      className={cn('flex max-w-[85%] flex-wrap gap-1 px-1', own && 'justify-end')}
    >
      {reactions.map((reaction) => {
        const mine = reaction.users.some((user) => user.id === actions?.viewerId);
        const names = reaction.users.map((user) => visibleText(user.username)).join(', ');
        return (
          <li key={reaction.emoji}>
            <Tooltip content={t('reactions.who', { emoji: reaction.emoji, names })}>
              <button
                type="button"
                aria-pressed={mine}
                aria-label={t('reactions.toggle', {
                  emoji: reaction.emoji,
                  count: reaction.users.length,
                  names,
                })}
                disabled={!actions}
                onClick={() => actions?.toggleReaction(message, reaction.emoji, !mine)}
                className={cn(
                  'flex items-center gap-1 rounded-full border px-2 py-0.5 text-sm',
                  'focus-visible:ring-2 focus-visible:ring-secondary focus-visible:outline-none',
                  mine
                    ? 'border-primary bg-primary/15 text-fg'
                    : 'border-border bg-surface text-fg hover:bg-surface-muted',
                )}
              >
                <span aria-hidden className={emojiFont}>
                  {reaction.emoji}
                </span>
                <span aria-hidden className="text-xs tabular-nums">
                  {reaction.users.length}
                </span>
              </button>
            </Tooltip>
          </li>
        );
      })}
      {actions ? (
        <li>
          <button
            type="button"
            aria-label={t('reactions.add')}
            onClick={() => actions.pickReaction(message)}
            className="flex h-full items-center rounded-full border border-border px-2 py-0.5 text-fg-muted hover:bg-surface-muted focus-visible:ring-2 focus-visible:ring-secondary focus-visible:outline-none"
          >
            <SmilePlus aria-hidden className="size-4" />
          </button>
        </li>
      ) : null}
    </ul>
  );
}
