import type { SocialChat } from '@confab/protocol/social-chat';
import { Ellipsis } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BlockConfirmDialog, type BlockChange } from '@/components/block-confirm-dialog';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import type { ChatToggleChange } from '../api/toggle-chat';

/** A row's toggles, each turning its current state around (docs/product.md#chat-toggles). */
const actionsFor = (chat: SocialChat) =>
  [
    { toggle: 'pin', value: !chat.isPinned, label: chat.isPinned ? 'unpin' : 'pin' },
    {
      toggle: 'archive',
      value: !chat.isArchived,
      label: chat.isArchived ? 'unarchive' : 'archive',
    },
    { toggle: 'mute', value: !chat.isMuted, label: chat.isMuted ? 'unmute' : 'mute' },
    // The viewer's own block only: a block by the other side shows as read-only, nothing more.
    { toggle: 'block', value: !chat.isBlocked, label: chat.isBlocked ? 'unblock' : 'block' },
  ] as const;

/**
 * Pin, archive, mute and block one chat (or undo them), from a menu at the end of its row. Block
 * and unblock ask first, in the contacts panel's words: it is the same block of the person. The
 * menu itself is built on first use: a row that is only scrolled past costs a plain button.
 */
export function ChatRowActions({
  chat,
  name,
  disabled,
  onToggle,
}: {
  chat: SocialChat;
  name: string;
  disabled?: boolean;
  onToggle: (change: ChatToggleChange) => void;
}) {
  const { t } = useTranslation('conversations');
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const [confirming, setConfirming] = useState<BlockChange | null>(null);
  const trigger = (
    <Button
      variant="ghost"
      size="icon"
      disabled={disabled}
      aria-label={t('actions.label', { name })}
      aria-haspopup="menu"
      aria-expanded={open}
      onClick={
        used
          ? undefined
          : () => {
              setUsed(true);
              setOpen(true);
            }
      }
    >
      <Ellipsis aria-hidden className="size-4" />
    </Button>
  );
  if (!used) return trigger;
  return (
    <>
      <DropdownMenu open={open} onOpenChange={setOpen}>
        <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
        <DropdownMenuContent>
          {actionsFor(chat).map(({ toggle, value, label }) => (
            <DropdownMenuItem
              key={toggle}
              destructive={label === 'block'}
              onSelect={() =>
                toggle === 'block'
                  ? setConfirming(label)
                  : onToggle({ chatId: chat._id, toggle, value })
              }
            >
              {t(`actions.${label}`)}
            </DropdownMenuItem>
          ))}
        </DropdownMenuContent>
      </DropdownMenu>
      {confirming ? (
        <BlockConfirmDialog
          change={confirming}
          name={name}
          onOpenChange={(open) => {
            if (!open) setConfirming(null);
          }}
          onConfirm={() =>
            onToggle({ chatId: chat._id, toggle: 'block', value: confirming === 'block' })
          }
        />
      ) : null}
    </>
  );
}
