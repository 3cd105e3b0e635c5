import { memo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { VisibleName } from '@/components/ui/visible-name';
import { DropdownMenuItem } from '@/components/ui/dropdown-menu';
import { cn } from '@/lib/cn';
import { clockTime } from '@/lib/time/chat-time';
import { visibleText } from '@/lib/visible-text';
import type { RoomMessage } from '../lib/message-order';
import { AiMessageCard } from './ai-message-card';
import { FileMessage } from './file-message';
import { LinkPreviewCard } from './link-preview-card';
import { useMessageActions } from './message-actions-context';
import { MessageEditor } from './message-editor';
import { MessageMenu } from './message-menu';
import { useMessageHelperContext } from './message-helper-context';
import { helperActionsFor, MessageHelperMenuItems } from './message-helper-menu-items';
import { MessageHelperPanel } from './message-helper-panel';
import { MessageMenuItems, offersMenu } from './message-menu-items';
import { MessageQuote } from './message-quote';
import { ReactionBar } from './reaction-bar';
import { MessageStatus } from './message-status';
import { useSenderName } from '../lib/sender-names';
import { MessageText } from './message-text';

export interface MessageHandlers {
  onRetry: (clientId: string) => void;
  onDiscard: (clientId: string) => void;
  onEdit: (message: RoomMessage, content: string) => Promise<unknown>;
  onDelete: (message: RoomMessage) => void;
  onMediaLoad: () => void;
}

/**
 * One message: one's own on the right, the other person's on the left. Everything from the
 * server (text, names, file names) is rendered as text, never as markup.
 */
export const MessageBubble = memo(function MessageBubble({
  message,
  own,
  changeable,
  highlighted,
  showName = true,
  showTime = true,
  onRetry,
  onDiscard,
  onEdit,
  onDelete,
  onMediaLoad,
}: {
  message: RoomMessage;
  own: boolean;
  /** False in a read-only chat: no edit or deletion is offered. */
  changeable: boolean;
  highlighted: boolean;
  /** False inside a group (docs/product.md#chat-room): the name is shown once, above its first. */
  showName?: boolean;
  /** False inside a group: the time is shown once, below its last. */
  showTime?: boolean;
} & MessageHandlers) {
  const { t, i18n } = useTranslation('socialChat');
  const senderName = useSenderName(message.sender, message.senderUsername);
  const [editing, setEditing] = useState(false);
  const [saving, setSaving] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const canChange = changeable && own && message.status === 'sent' && !message.deleted;
  const actions = useMessageActions();
  const helper = useMessageHelperContext();
  const helps = helperActionsFor(helper, message, own).length > 0;
  const helperAnswer =
    helper?.helper.answer?.message.id === message.id ? helper.helper.answer : null;
  // A helper action gives the focus to its panel, not back to the menu's button: once the menu
  // has closed (while open, it keeps the focus inside itself).
  const helperPicked = useRef(false);
  const article = useRef<HTMLElement>(null);
  const body = message.deleted ? (
    <span className="italic opacity-75">{t('message.deleted')}</span>
  ) : message.ai ? (
    <AiMessageCard
      payload={message.ai}
      own={own}
      senderName={senderName}
      forwarded={message.forwarded != null}
    />
  ) : message.attachment || message.contentType !== 'text' ? (
    <FileMessage message={message} onMediaLoad={onMediaLoad} />
  ) : (
    <MessageText text={message.content} />
  );

  return (
    <article
      ref={article}
      id={`message-${message.id}`}
      aria-label={own ? t('message.you') : visibleText(senderName)}
      data-status={message.status}
      className={cn(
        'group flex flex-col gap-1',
        showName ? 'pt-1' : 'pt-0',
        showTime ? 'pb-1' : 'pb-0',
        own ? 'items-end' : 'items-start',
      )}
    >
      {own || !showName ? null : (
        <VisibleName name={senderName} className="px-1 text-xs text-fg-muted" />
      )}
      <div className={cn('flex max-w-[85%] items-start gap-1', own && 'flex-row-reverse')}>
        <div
          className={cn(
            'min-w-0 rounded-2xl px-3 py-2 text-sm transition-shadow',
            own ? 'bg-primary text-on-accent' : 'bg-surface-muted text-fg',
            // An AI card reads as a card on either side: model output is not the sender's words.
            message.ai &&
              !message.deleted &&
              'w-[min(36rem,80vw)] border border-border bg-surface text-fg',
            message.status === 'sending' && 'opacity-75',
            highlighted && 'ring-2 ring-secondary',
            editing && 'w-[min(36rem,80vw)] bg-surface text-fg',
          )}
        >
          {editing ? (
            <MessageEditor
              initial={message.content}
              saving={saving}
              onCancel={() => setEditing(false)}
              onSave={(content) => {
                setSaving(true);
                void onEdit(message, content)
                  .then(() => setEditing(false))
                  .catch(() => undefined)
                  .finally(() => setSaving(false));
              }}
            />
          ) : (
            <>
              <MessageQuote message={message} />
              {body}
            </>
          )}
        </div>
        {(offersMenu(actions, message, changeable, canChange) || helps) && !editing ? (
          <MessageMenu
            label={t('message.actions')}
            onCloseAutoFocus={(event) => {
              if (!helperPicked.current) return;
              helperPicked.current = false;
              event.preventDefault();
              article.current?.querySelector<HTMLElement>('[data-message-helper]')?.focus();
            }}
          >
            <MessageMenuItems message={message} />
            <MessageHelperMenuItems
              message={message}
              own={own}
              onPick={() => {
                helperPicked.current = true;
              }}
            />
            {!canChange || message.attachment || message.ai ? null : (
              <DropdownMenuItem onSelect={() => setEditing(true)}>
                {t('message.edit')}
              </DropdownMenuItem>
            )}
            {canChange ? (
              <DropdownMenuItem destructive onSelect={() => setConfirming(true)}>
                {t('message.delete')}
              </DropdownMenuItem>
            ) : null}
          </MessageMenu>
        ) : null}
      </div>
      <LinkPreviewCard message={message} own={own} onLoad={onMediaLoad} />
      <ReactionBar message={message} own={own} />
      {/* Inside a group the time is left out; one's own messages keep their state (sent, read). */}
      {showTime || own || message.edited ? (
        <div className="flex items-center gap-2 px-1 text-xs text-fg-muted">
          {showTime ? (
            <time dateTime={new Date(message.timestamp).toISOString()}>
              {clockTime(message.timestamp, i18n.language)}
            </time>
          ) : null}
          {message.edited && !message.deleted ? <span>({t('message.edited')})</span> : null}
          {own ? (
            <MessageStatus
              message={message}
              onRetry={() => onRetry(message.clientId)}
              onDiscard={() => onDiscard(message.clientId)}
            />
          ) : null}
        </div>
      ) : null}
      {/* Below the message and its time: the message stays one unit, its private answer after it. */}
      {helperAnswer ? <MessageHelperPanel answer={helperAnswer} /> : null}
      {/* Mounted only while asked: a closed dialog in each of the rows on screen would cost
          their drawing as much as the bubble itself. */}
      {confirming ? (
        <ConfirmDialog
          open
          onOpenChange={setConfirming}
          title={t('delete.title')}
          description={t('delete.description')}
          confirmLabel={t('delete.confirm')}
          cancelLabel={t('delete.cancel')}
          destructive
          onConfirm={() => onDelete(message)}
        />
      ) : null}
    </article>
  );
});
