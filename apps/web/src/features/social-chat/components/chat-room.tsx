import type { SocialChat, SocialMessage } from '@confab/protocol/social-chat';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileDropZone } from '@/components/file-drop-zone';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast-store';
import { useConnectionStatus } from '@/lib/realtime/use-connection-status';
import { appOutbox } from '../lib/app-outbox';
import { useChangeMessage } from '../api/change-message';
import { useChatMessages } from '../hooks/use-chat-messages';
import { useMarkRead } from '../hooks/use-mark-read';
import { usePendingFiles } from '../hooks/use-pending-files';
import { useOutboxEntries } from '../hooks/use-outbox-entries';
import { usePresence } from '@/lib/presence/use-presence';
import { useSendMessage } from '../hooks/use-send-message';
import { useTyping } from '../hooks/use-typing';
import { useAskAi } from '../hooks/use-ask-ai';
import { useLiveAiAnswerEvents } from '../hooks/use-live-ai-answers';
import { useAiBridge } from '@/lib/ai-bridge/ai-bridge';
import { aiConsentState } from '../lib/ai-consent-state';
import { defaultAskAiContext, type AskAiContextItem } from '../lib/ask-ai-context';
import { useMessageExtras } from '../hooks/use-message-extras';
import { useMessageHelper } from '../hooks/use-message-helper';
import { chatNickname } from '../lib/chat-row';
import { roomMessages, type RoomMessage } from '../lib/message-order';
import { AiConsentSwitch } from './ai-consent-switch';
import { AskAiPanel } from './ask-ai-panel';
import { BlockedBanner } from './blocked-banner';
import { LiveAiAnswers } from './live-ai-answers';
import { MessageActionsContext } from './message-actions-context';
import { MessageExtrasDialogs } from './message-extras-dialogs';
import { MessageHelperContext, type MessageHelperValue } from './message-helper-context';
import { ReplyPreview } from './reply-preview';
import { RoomHeader } from './room-header';
import { RoomComposer } from './room-composer';
import { RoomMessageList, type FocusRequest } from './room-message-list';
import { SearchPanel } from './search-panel';
import { errorText } from '@/lib/error-text';

const highlightMs = 2500;

/** One open chat: header, messages, search and the input. */
export function ChatRoom({
  chat,
  viewer,
}: {
  chat: SocialChat;
  viewer: { id: string; username: string };
}) {
  const { t } = useTranslation('socialChat');
  const other = chat.participants[0] ?? null;
  const name = chatNickname(chat) ?? t('unknownName');
  const { connected } = useConnectionStatus();
  const { log, state, retry, loadOlder, loadingOlder, reach } = useChatMessages(
    chat._id,
    viewer.id,
  );
  const pending = useOutboxEntries();
  const messages = useMemo(
    () => roomMessages(log.messages, pending, viewer, chat._id),
    [log.messages, pending, viewer, chat._id],
  );
  const presence = usePresence(other?.id ?? null, chat.isOnline);
  // Driven by the chat object, which `chatUpdated` keeps current: a block or a removal turns
  // the room read-only at once, and nothing (typing, read marks) is said into it meanwhile.
  const writable = !chat.readOnly;
  const typing = useTyping(chat._id, viewer.id, writable);
  const { sendText, sendFiles, retry: retrySend } = useSendMessage(chat._id, viewer.id);
  const pendingFiles = usePendingFiles();
  // The newest of the other person's messages that was on screen: only that far is read.
  const [seenSeq, setSeenSeq] = useState(0);
  const onSeen = useCallback((message: RoomMessage) => {
    const seq = message.seq;
    if (seq !== null) setSeenSeq((seen) => Math.max(seen, seq));
  }, []);
  useMarkRead(chat._id, viewer.id, log.messages, writable, seenSeq);

  // The first message that was unread when the chat opened, fixed then: the new-messages line
  // stays where it was while what is seen is marked read.
  const [unreadAtOpen, setUnreadAtOpen] = useState<string | null | undefined>(undefined);
  if (state === 'ready' && unreadAtOpen === undefined) {
    setUnreadAtOpen(
      messages.find((m) => m.sender !== viewer.id && !m.isRead && m.seq !== null)?.key ?? null,
    );
  }

  const [searching, setSearching] = useState(false);
  const searchButton = useRef<HTMLButtonElement>(null);
  const closeSearch = useCallback(() => {
    setSearching(false);
    searchButton.current?.focus();
  }, []);
  const [focus, setFocus] = useState<FocusRequest | null>(null);
  const [highlightedId, setHighlightedId] = useState<string | null>(null);
  const highlightTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(highlightTimer.current), []);

  const editMessage = useChangeMessage({
    onError: (error) =>
      toast({ title: t('edit.failed'), description: errorText(error), variant: 'error' }),
  });
  const deleteMessage = useChangeMessage({
    onError: (error) =>
      toast({ title: t('delete.failed'), description: errorText(error), variant: 'error' }),
  });

  const onEdit = useCallback(
    (message: RoomMessage, content: string) =>
      editMessage.mutateAsync({ kind: 'edit', chatId: chat._id, messageId: message.id, content }),
    [editMessage, chat._id],
  );
  const onDelete = useCallback(
    (message: RoomMessage) =>
      deleteMessage.mutate({ kind: 'delete', chatId: chat._id, messageId: message.id }),
    [deleteMessage, chat._id],
  );
  const onDiscard = useCallback((clientId: string) => void appOutbox().discard(clientId), []);

  const showMessage = useCallback(
    async (message: Pick<SocialMessage, '_id' | 'seq'>) => {
      try {
        if (!(await reach(message.seq))) throw new Error('unreachable');
      } catch {
        toast({ title: t('search.unreachable'), variant: 'warning' });
        return;
      }
      setFocus({ id: message._id, at: Date.now() });
      setHighlightedId(message._id);
      clearTimeout(highlightTimer.current);
      highlightTimer.current = setTimeout(() => setHighlightedId(null), highlightMs);
    },
    [reach, t],
  );
  // Asking AI in the chat (docs/product.md#ask-ai-in-chat).
  useLiveAiAnswerEvents(chat._id);
  const bridge = useAiBridge();
  const askAi = useAskAi(chat._id, viewer);
  const [asking, setAsking] = useState<{ question: string; context: AskAiContextItem[] } | null>(
    null,
  );
  const openAskAi = useCallback(
    (question: string) =>
      setAsking({
        question,
        context: defaultAskAiContext(messages, (senderId) =>
          senderId === viewer.id ? viewer.username : name,
        ),
      }),
    [messages, viewer.id, viewer.username, name],
  );

  const extras = useMessageExtras(
    chat._id,
    viewer.id,
    useCallback(
      (quote: { messageId: string; seq: number }) =>
        void showMessage({ _id: quote.messageId, seq: quote.seq }),
      [showMessage],
    ),
  );

  // The private helper (docs/product.md#message-helper): a draft it wrote goes into the
  // composer as a reply to its message, and is sent only if the user sends it.
  const helper = useMessageHelper(messages, viewer.id, {
    you: t('message.you'),
    of: (message) => (message.sender === other?.id ? name : message.senderUsername),
  });
  const [prefill, setPrefill] = useState<{ text: string; at: number } | null>(null);
  const reply = extras.actions.reply;
  const helperValue = useMemo<MessageHelperValue | null>(
    () =>
      helper && {
        helper,
        canDraft: writable,
        useDraft: (message, text) => {
          reply(message);
          setPrefill({ text, at: Date.now() });
          helper.close();
        },
      },
    [helper, writable, reply],
  );

  return (
    <FileDropZone
      enabled={writable}
      onFiles={pendingFiles.add}
      label={t('file.drop')}
      testId="room-drop-zone"
      className="flex h-[calc(100dvh-8rem)] w-full min-w-0 flex-col rounded-xl border border-border bg-surface"
    >
      <RoomHeader
        name={name}
        avatar={chat.avatar}
        presence={presence}
        typist={typing.typist}
        searching={searching}
        onToggleSearch={() => (searching ? closeSearch() : setSearching(true))}
        searchButtonRef={searchButton}
      />
      {bridge ? <AiConsentSwitch chat={chat} name={name} /> : null}
      {searching ? (
        <SearchPanel chatId={chat._id} onPick={(m) => void showMessage(m)} onClose={closeSearch} />
      ) : null}
      {connected ? null : (
        <Alert variant="warning" title={t('disconnected')} className="m-2" role="status" />
      )}
      {state === 'loading' ? (
        <div className="flex flex-1 items-center justify-center">
          <Spinner label={t('list.label')} />
        </div>
      ) : state === 'offline' && messages.length === 0 ? (
        <p className="flex flex-1 items-center justify-center p-4 text-center text-sm text-fg-muted">
          {t('offlineHistory')}
        </p>
      ) : state === 'error' ? (
        <div className="flex flex-1 flex-col items-center justify-center gap-2 p-4">
          <Alert variant="error" title={t('loadFailed')} />
          <Button variant="outline" onClick={() => void retry()}>
            {t('retryLoad')}
          </Button>
        </div>
      ) : (
        <MessageActionsContext.Provider value={chat.readOnly ? null : extras.actions}>
          <MessageHelperContext value={helperValue}>
            <RoomMessageList
              messages={messages}
              viewerId={viewer.id}
              hasMore={log.hasMore}
              loadingOlder={loadingOlder}
              onLoadOlder={loadOlder}
              highlightedId={highlightedId}
              focus={focus}
              firstUnreadKey={unreadAtOpen ?? null}
              onSeen={onSeen}
              onRetry={retrySend}
              onDiscard={onDiscard}
              onEdit={onEdit}
              onDelete={onDelete}
              readOnly={chat.readOnly}
            />
          </MessageHelperContext>
        </MessageActionsContext.Provider>
      )}
      <LiveAiAnswers
        chatId={chat._id}
        viewerId={viewer.id}
        onStop={askAi.asking ? askAi.cancel : null}
      />
      <MessageExtrasDialogs extras={extras} chatId={chat._id} />
      {asking ? (
        <AskAiPanel
          open
          onOpenChange={(open) => (open ? undefined : setAsking(null))}
          initialQuestion={asking.question}
          initialContext={asking.context}
          name={name}
          viewerName={viewer.username}
          consentOn={aiConsentState(chat) === 'on'}
          bridge={bridge}
          onAsk={(request) => void askAi.ask(request)}
        />
      ) : null}
      {chat.isBlocked ? <BlockedBanner chatId={chat._id} name={name} /> : null}
      <RoomComposer
        readOnly={chat.readOnly}
        prefill={prefill}
        name={name}
        onSend={(text) => {
          typing.stop();
          sendText(text, extras.replyTo);
          extras.cancelReply();
        }}
        above={
          extras.replyTo ? (
            <ReplyPreview quote={extras.replyTo} onCancel={extras.cancelReply} />
          ) : null
        }
        onTextChange={typing.reportText}
        {...(bridge && !askAi.asking ? { onAskAi: openAskAi } : {})}
        onBlur={typing.stop}
        pending={pendingFiles}
        onSendFiles={(files, caption) => {
          typing.stop();
          sendFiles(files, caption);
        }}
      />
    </FileDropZone>
  );
}
