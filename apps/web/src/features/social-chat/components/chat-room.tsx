import type { SocialChat, SocialMessage } from '@confab/protocol/social-chat';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast-store';
import { useConnectionStatus } from '@/lib/realtime/use-connection-status';
import { appOutbox } from '../lib/app-outbox';
import { useChangeMessage } from '../api/change-message';
import { useChatMessages } from '../hooks/use-chat-messages';
import { useMarkRead } from '../hooks/use-mark-read';
import { useOutboxEntries } from '../hooks/use-outbox-entries';
import { usePresence } from '../hooks/use-presence';
import { useSendMessage } from '../hooks/use-send-message';
import { useTyping } from '../hooks/use-typing';
import { roomMessages, type RoomMessage } from '../lib/message-order';
import { BlockedBanner } from './blocked-banner';
import { RoomHeader } from './room-header';
import { RoomComposer } from './room-composer';
import { RoomMessageList, type FocusRequest } from './room-message-list';
import { SearchPanel } from './search-panel';

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
  const name = chat.nickname ?? other?.nickname ?? chat.name ?? t('unknownName');
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
  const online = usePresence(other?.id ?? null, chat.isOnline);
  // Driven by the chat object, which `chatUpdated` keeps current: a block or a removal turns
  // the room read-only at once, and nothing (typing, read marks) is said into it meanwhile.
  const writable = !chat.readOnly;
  const typing = useTyping(chat._id, viewer.id, writable);
  const { sendText, sendFile, retry: retrySend } = useSendMessage(chat._id, viewer.id);
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
      toast({ title: t('edit.failed'), description: error.message, variant: 'error' }),
  });
  const deleteMessage = useChangeMessage({
    onError: (error) =>
      toast({ title: t('delete.failed'), description: error.message, variant: 'error' }),
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
    async (message: SocialMessage) => {
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

  return (
    <div className="flex h-[calc(100dvh-8rem)] w-full min-w-0 flex-col rounded-xl border border-border bg-surface">
      <RoomHeader
        name={name}
        online={online}
        typist={typing.typist}
        searching={searching}
        onToggleSearch={() => (searching ? closeSearch() : setSearching(true))}
        searchButtonRef={searchButton}
      />
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
      ) : state === 'error' ? (
        <div className="flex flex-1 flex-col items-center justify-center gap-2 p-4">
          <Alert variant="error" title={t('loadFailed')} />
          <Button variant="outline" onClick={() => void retry()}>
            {t('retryLoad')}
          </Button>
        </div>
      ) : (
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
      )}
      {chat.isBlocked ? <BlockedBanner chatId={chat._id} name={name} /> : null}
      <RoomComposer
        readOnly={chat.readOnly}
        name={name}
        onSend={(text) => {
          typing.stop();
          sendText(text);
        }}
        onTextChange={typing.reportText}
        onBlur={typing.stop}
        onPickFile={sendFile}
      />
    </div>
  );
}
