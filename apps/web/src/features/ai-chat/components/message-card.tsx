import type { AiChatMessage } from '@confab/protocol/ai-chat';
import { limits } from '@confab/protocol/limits';
import {
  Check,
  ChevronRight,
  Copy,
  Pencil,
  RefreshCw,
  Share2,
  TriangleAlert,
  Wrench,
} from 'lucide-react';
import { Fragment, memo, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useToolCallView } from '../lib/tool-call-view-context';
import { cn } from '@/lib/cn';
import { formatCost, replyCost } from '../lib/reply-cost';
import type { VersionPlace } from '../lib/message-tree';
import { isShareable } from '../lib/share-snapshot';
import { useChatStore, type LiveReply } from '../stores/chat-store';
import { MarkdownView } from './markdown-view-lazy';
import { PromptAttachments } from './prompt-attachments';
import { VersionSwitch } from './version-switch';

export interface MessageActions {
  onRegenerate?: (id: string) => void;
  onEdit?: (id: string, prompt: string) => void;
  /** Shows another version of a message (and the path under it). */
  onShowVersion?: (id: string) => void;
  /** Shares this reply with its prompt into a friend chat (docs/product.md#ai-in-chat). */
  onShare?: (id: string) => void;
}

function Reasoning({ text, active }: { text: string; active: boolean }) {
  const { t } = useTranslation('mindBox');
  const [open, setOpen] = useState<boolean | null>(null);
  // Open while the model thinks, folded once the reply is done, unless the user chose.
  const expanded = open ?? active;
  return (
    <div className="rounded-lg border border-border bg-surface-muted/60 text-sm">
      <button
        type="button"
        aria-expanded={expanded}
        onClick={() => setOpen(!expanded)}
        className="flex w-full items-center gap-1.5 px-3 py-2 text-left font-medium text-fg-muted"
      >
        <ChevronRight
          aria-hidden
          className={cn('size-4 transition-transform', expanded && 'rotate-90')}
        />
        {active ? t('message.thinking') : t('message.reasoning')}
      </button>
      {expanded ? (
        <div
          data-testid="reasoning"
          className="border-t border-border px-3 py-2 whitespace-pre-wrap text-fg-muted"
        >
          {text}
        </div>
      ) : null}
    </div>
  );
}

function CopyButton({ text }: { text: string }) {
  const { t } = useTranslation('mindBox');
  const [copied, setCopied] = useState(false);
  return (
    <Button
      size="icon"
      variant="ghost"
      className="size-7"
      aria-label={copied ? t('message.copied') : t('message.copy')}
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(() => {
          setCopied(true);
          setTimeout(() => setCopied(false), 1500);
        });
      }}
    >
      {copied ? <Check aria-hidden className="size-4" /> : <Copy aria-hidden className="size-4" />}
    </Button>
  );
}

function PromptEditor({
  prompt,
  onSubmit,
  onCancel,
}: {
  prompt: string;
  onSubmit: (text: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('mindBox');
  const [text, setText] = useState(prompt);
  const tooLong = text.length > limits.chatInputMax;
  return (
    <form
      className="flex w-full max-w-[85%] flex-col gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (text.trim() && !tooLong) onSubmit(text);
      }}
    >
      <textarea
        aria-label={t('message.editLabel')}
        value={text}
        maxLength={limits.chatInputMax}
        rows={3}
        autoFocus
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && !e.nativeEvent.isComposing) onCancel();
        }}
        className="w-full rounded-lg border border-border bg-surface p-2 text-sm"
      />
      <p className="text-xs text-fg-muted">{t('message.editNote')}</p>
      <div className="flex justify-end gap-2">
        <Button variant="ghost" size="sm" onClick={onCancel}>
          {t('chats.cancel')}
        </Button>
        <Button type="submit" size="sm" disabled={!text.trim() || tooLong}>
          {t('message.resend')}
        </Button>
      </div>
    </form>
  );
}

/**
 * One prompt (right) and its reply (left): tool calls, reasoning, the reply as markdown, the
 * error, stop or interruption note, token counts and cost, and copy / regenerate / edit.
 */
export const MessageCard = memo(function MessageCard({
  message,
  live,
  isLast,
  busy,
  version,
  onRegenerate,
  onEdit,
  onShowVersion,
  onShare,
}: {
  message: AiChatMessage;
  live?: LiveReply | null;
  isLast: boolean;
  busy: boolean;
  /** Set when the message has other versions. */
  version?: VersionPlace;
} & MessageActions) {
  const { t, i18n } = useTranslation('mindBox');
  const [editing, setEditing] = useState(false);
  // ↑ in the empty composer asks for the last prompt to be edited.
  const editRequested = useChatStore((s) => s.editRequest === message.id);
  useEffect(() => {
    if (!editRequested) return;
    useChatStore.setState({ editRequest: null });
    if (onEdit && !busy) setEditing(true);
  }, [editRequested, onEdit, busy]);
  useEffect(() => {
    if (!editing) return;
    useChatStore.setState({ editingId: message.id });
    return () =>
      useChatStore.setState((s) => (s.editingId === message.id ? { editingId: null } : {}));
  }, [editing, message.id]);
  const reply = live ? live.reply : message.reply;
  const reasoning = live ? live.reasoning : message.reasoning;
  const toolCalls = live ? live.toolCalls : (message.toolCalls ?? []);
  const toolCallView = useToolCallView();
  const active = message.isActive;
  const cost = replyCost(
    message.model,
    message.provider,
    message.inputTokens,
    message.outputTokens,
  );
  // docs/product.md#ai-reply-lifecycle: 发生错误: {message}, or 发生错误，请重试 when the error has no text.
  const errorText =
    message.error === undefined
      ? null
      : message.error
        ? t('errors.replyFailedWith', { message: message.error })
        : t('errors.replyFailed');

  return (
    <article
      className="flex flex-col gap-3 py-3"
      aria-label={(
        message.prompt || (message.attachments ?? []).map((a) => a.name).join(', ')
      ).slice(0, 80)}
    >
      <div className="flex justify-end">
        {editing && onEdit ? (
          <PromptEditor
            prompt={message.prompt}
            onCancel={() => setEditing(false)}
            onSubmit={(text) => {
              setEditing(false);
              onEdit(message.id, text);
            }}
          />
        ) : (
          <div className="group flex max-w-[85%] items-start gap-1">
            {onEdit && !busy ? (
              <Button
                size="icon"
                variant="ghost"
                className="size-7 opacity-60 group-hover:opacity-100"
                aria-label={t('message.edit')}
                onClick={() => setEditing(true)}
              >
                <Pencil aria-hidden className="size-3.5" />
              </Button>
            ) : null}
            {/* A prompt of attachments only has no text to show. */}
            {message.prompt || !message.attachments?.length ? (
              <div
                data-testid="prompt"
                className="rounded-2xl rounded-tr-sm bg-primary/15 px-4 py-2 text-sm whitespace-pre-wrap"
              >
                {message.prompt}
              </div>
            ) : null}
          </div>
        )}
      </div>
      {message.attachments?.length && !editing ? (
        <PromptAttachments items={message.attachments} />
      ) : null}
      {message.htmlStripped && !editing ? (
        // The bubble shows the prompt as written; the model got it without its HTML tags.
        <p data-testid="html-stripped" className="-mt-2 text-right text-xs text-fg-muted">
          {t('message.htmlStripped')}
        </p>
      ) : null}
      <div className="flex max-w-full flex-col gap-2 pr-6" data-testid="reply-block">
        {toolCalls.map((call, index) => (
          // Ids are the provider's: unique in practice, not by contract.
          <Fragment key={`${index}:${call.id}`}>
            {toolCallView ? (
              toolCallView(call, Boolean(live))
            ) : (
              <div className="flex items-center gap-2 rounded-md border border-border px-2 py-1 text-xs text-fg-muted">
                <Wrench aria-hidden className="size-3.5" />
                <span>{t('message.toolCall', { name: call.name })}</span>
                {call.outcome === 'denied' ? <span>· {t('message.toolDenied')}</span> : null}
                {call.outcome === 'error' ? <span>· {t('message.toolError')}</span> : null}
              </div>
            )}
          </Fragment>
        ))}
        {reasoning && reasoning !== reply ? <Reasoning text={reasoning} active={active} /> : null}
        {reply ? (
          <div data-testid="reply" className="text-sm">
            <MarkdownView text={reply} streaming={active} />
          </div>
        ) : null}
        {active && !reply && !reasoning ? <Spinner label={t('message.thinking')} /> : null}
        {errorText ? (
          <p role="alert" data-testid="reply-error" className="text-sm text-error-text">
            {errorText}
          </p>
        ) : null}
        {!active ? (
          <div className="flex flex-wrap items-center gap-2 text-xs text-fg-muted">
            {version && onShowVersion ? (
              <VersionSwitch place={version} disabled={busy} onShow={onShowVersion} />
            ) : null}
            {message.stopped ? <span data-testid="stopped">{t('message.stopped')}</span> : null}
            {message.interrupted ? (
              // Not the user's Stop: a reload or a closed tab cut the reply.
              <span data-testid="interrupted" className="inline-flex items-center gap-1 text-fg">
                <TriangleAlert aria-hidden className="size-3.5 text-warning" />
                {t('message.interrupted')}
              </span>
            ) : null}
            {message.toolRoundsCapped ? (
              <span data-testid="tool-rounds-capped">
                {t('message.toolRoundsCapped', { count: message.toolRoundsCapped })}
              </span>
            ) : null}
            {message.inputTokens || message.outputTokens ? (
              <span data-testid="usage">
                {t('message.tokens', { input: message.inputTokens, output: message.outputTokens })}
              </span>
            ) : null}
            {cost && (message.inputTokens || message.outputTokens) ? (
              <span data-testid="cost">
                {t('message.cost', { cost: formatCost(cost, i18n.language) })}
              </span>
            ) : null}
            <span className="ml-auto flex gap-1">
              {reply ? <CopyButton text={reply} /> : null}
              {onShare && isShareable(message) ? (
                <Button
                  size="icon"
                  variant="ghost"
                  className="size-7"
                  aria-label={t('share.toFriend')}
                  title={t('share.toFriend')}
                  onClick={() => onShare(message.id)}
                >
                  <Share2 aria-hidden className="size-4" />
                </Button>
              ) : null}
              {isLast && onRegenerate && !busy ? (
                <Button
                  size="icon"
                  variant="ghost"
                  className="size-7"
                  aria-label={t('message.regenerate')}
                  onClick={() => onRegenerate(message.id)}
                >
                  <RefreshCw aria-hidden className="size-4" />
                </Button>
              ) : null}
            </span>
          </div>
        ) : null}
      </div>
    </article>
  );
});
