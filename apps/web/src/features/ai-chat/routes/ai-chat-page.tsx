import {
  Bot,
  Info,
  Keyboard,
  MessagesSquare,
  Settings2,
  Share2,
  SlidersHorizontal,
} from 'lucide-react';
import type { AiSharePayload } from '@confab/protocol/ai-in-chat';
import type { ProviderName } from '@confab/protocol/providers';
import {
  Fragment,
  Suspense,
  use,
  useCallback,
  useEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { FileDropZone } from '@/components/file-drop-zone';
import { DocumentTitle } from '@/components/document-title';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Sheet } from '@/components/ui/sheet';
import { Spinner } from '@/components/ui/spinner';
import { useChatTools } from '../lib/chat-tools-context';
import { missingSettings } from '../lib/provider-readiness';
import { chatProvider } from '../lib/chat-provider';
import { chatModel } from '../engine/request-building';
import { loadSettings } from '@/lib/stored-settings/settings-store';
import { useSettings, useSettingsSaved } from '@/lib/stored-settings/use-settings';
import { ChatInput } from '@/components/chat-input/chat-input';
import { ChatList } from '../components/chat-list';
import { ChatTransferMenu } from '../components/chat-transfer-menu';
import { ModelPicker } from '../components/model-picker';
import { useHistorySyncStore } from '../stores/history-sync-store';
import { useChatTransfer } from '../hooks/use-chat-transfer';
import { ImportSummaryDialog } from '../components/import-summary-dialog';
import { PromptArgumentForm } from '../components/prompt-argument-form';
import { useMarkdownPreload } from '../components/markdown-view-lazy';
import { MessageList } from '../components/message-list';
import { useMessageListKey } from '../hooks/use-message-list-key';
import { ToolbarButton } from '../components/toolbar-button';
import { AttachButton, AttachmentTray } from '../components/attachment-tray';
import { usePromptAttachments } from '../hooks/use-prompt-attachments';
import { useSlashPrompts } from '../hooks/use-slash-prompts';
import { usePromptSources } from '../lib/prompt-sources';
import { SlashPromptMenu } from '../components/slash-prompt-menu';
import { ResourcePicker } from '../components/resource-picker';
import { buildShareSnapshot } from '../lib/share-snapshot';
import { useShareToChat } from '@/lib/ai-bridge/share-to-chat-slot';
import { useChatShortcuts } from '../hooks/use-chat-shortcuts';
import { preloadable } from '@/lib/preloadable';
import {
  chooseModel,
  deleteChat,
  editAndResend,
  loadChats,
  openChat,
  regenerate,
  showVersion,
  sendPrompt,
  startNewChat,
  stopReply,
  updateChat,
} from '../actions/chat-actions';
import { selectReplying, useChatStore } from '../stores/chat-store';
import { usePresets } from '../hooks/use-presets';
import { PresetMenu } from '../components/preset-menu';

type Panel = 'chats' | 'chat' | 'inspector' | 'provider' | 'presets' | null;

// The panels' code loads when one is first opened, not with the page (most visits open none).
const ChatSettingsForm = preloadable(() =>
  import('../components/chat-settings-form').then((m) => m.ChatSettingsForm),
);
const InspectorPanel = preloadable(() =>
  import('../components/inspector-panel').then((m) => m.InspectorPanel),
);
const PresetManager = preloadable(() =>
  import('../components/preset-manager').then((m) => m.PresetManager),
);
// So are the dialogs the user opens, each mounted only while it is open. Those the page opens by
// itself (the import summary, a prompt's arguments) are small and stay, so that they show at once.
const ShortcutsDialog = preloadable(
  () => import('../components/shortcuts-dialog').then((m) => m.ShortcutsDialog),
  null,
);
const ShareRangeDialog = preloadable(
  () => import('../components/share-range-dialog').then((m) => m.ShareRangeDialog),
  null,
);
// What opens once the code of `dialog` is there, or could not be loaded (its error then shows).
const afterLoading = (dialog: { load: () => Promise<void> }, open: () => void) =>
  void dialog.load().then(open, open);

/**
 * /agents/mindBox: the AI chat screen. Chats on the left; the open chat's messages, toolbar and
 * input on the right. `providerSettings` is the provider settings screen (opened on a given
 * provider) and `toolbarExtras` further toolbar buttons, both composed by the app.
 */
export function AiChatPage({
  providerSettings,
  loadProviderSettings,
  setupForm,
  toolbarExtras,
}: {
  providerSettings?: ReactNode | ((provider: ProviderName) => ReactNode);
  /** Loads the provider settings' code, when it loads apart: awaited before they open. */
  loadProviderSettings?: () => Promise<void>;
  /** The provider form shown in the first-run card (a first visit with no provider ready). */
  setupForm?: ReactNode;
  /** More toolbar buttons, e.g. the tool settings. */
  toolbarExtras?: ReactNode;
}) {
  use(loadSettings());
  const { t } = useTranslation('mindBox');
  const settings = useSettings();
  const settingsSaved = useSettingsSaved();
  const tools = useChatTools();
  const [panel, setPanel] = useState<Panel>(null);
  // The provider the settings open on: the chat's, or the one the picker asks to set up.
  const [settingsFor, setSettingsFor] = useState<ProviderName | null>(null);
  const transfer = useChatTransfer();
  // Not the live reply: the page must not re-render for every streamed frame.
  const syncFull = useHistorySyncStore((s) => s.full !== null);
  const { chats, activeId, messages, messagesLoading, replying, persistent, loaded } = useChatStore(
    useShallow((s) => ({
      chats: s.chats,
      activeId: s.activeId,
      messages: s.messages,
      messagesLoading: s.messagesLoading,
      replying: selectReplying(s),
      persistent: s.persistent,
      loaded: s.loaded,
    })),
  );
  const generating = useChatStore(useShallow((s) => Object.keys(s.replies)));
  const listKey = useMessageListKey(activeId);
  // Also while no list shows (the setup card, a chat still being read): the first reply finds
  // the markdown loaded.
  useMarkdownPreload();

  // Leaving the page leaves the replies running (docs/product.md#ai-reply-lifecycle): coming
  // back shows them going on.
  useEffect(() => {
    void loadChats();
  }, []);

  const active = chats.find((c) => c.id === activeId) ?? null;
  // The open chat's provider (docs/product.md#model-picker); the default one without a chat.
  const provider = chatProvider(active, settings);
  const missing = missingSettings(provider);
  const model = active ? chatModel(active, provider) : provider.model;
  const closePanel = (open: boolean) => !open && setPanel(null);
  const panelCode: Partial<Record<NonNullable<Panel>, () => Promise<void>>> = {
    chat: ChatSettingsForm.load,
    inspector: InspectorPanel.load,
    presets: PresetManager.load,
    provider: loadProviderSettings,
  };
  // A panel opens once its code is there, whole, with the focus on its first control. An outage
  // or a new deployment is handled as for a page (lazyRoute); any other failure opens it anyway,
  // on the page's error view.
  const openPanel = (next: NonNullable<Panel>) => {
    const load = panelCode[next];
    if (load) afterLoading({ load }, () => setPanel(next));
    else setPanel(next);
  };
  const composerRef = useRef<HTMLTextAreaElement>(null);
  // Set by New chat: the phone's chat list sheet then gives the focus to the composer, not
  // back to the button that opened the sheet.
  const composerFocusOnClose = useRef(false);
  const focusComposer = () => composerRef.current?.focus();
  const startChat = () => {
    composerFocusOnClose.current = true;
    setPanel(null);
    void startNewChat(settings).then(focusComposer);
  };
  const presets = usePresets(settings);
  const startFromPreset = (preset: Parameters<typeof presets.start>[0]) => {
    composerFocusOnClose.current = true;
    setPanel(null);
    void presets.start(preset).then(focusComposer);
  };
  const missingList = missing.map((m) => t(`notReady.${m}`)).join(', ');
  const missingText = t('notReady.text', { provider: provider.provider, missing: missingList });
  const openProviderSettings = (name: ProviderName = provider.provider) => {
    setSettingsFor(name);
    openPanel('provider');
  };
  // A first visit (no chat yet, and no settings of the user's or nothing to chat with): the
  // setup comes first, even when the default Ollama on this machine would answer.
  const firstRun =
    Boolean(setupForm) &&
    loaded &&
    chats.length === 0 &&
    (missing.length > 0 || settingsSaved === false);
  // The first-run card shows its form once the form's code is there (a spinner until then),
  // rather than suspending the page's tree on it.
  const [setupLoaded, setSetupLoaded] = useState(!loadProviderSettings);
  useEffect(() => {
    if (!firstRun || setupLoaded || !loadProviderSettings) return;
    let live = true;
    const show = () => live && setSetupLoaded(true);
    void loadProviderSettings().then(show, show);
    return () => {
      live = false;
    };
  }, [firstRun, setupLoaded, loadProviderSettings]);
  const attachments = usePromptAttachments(settings, active);
  const promptSources = usePromptSources();
  const slash = useSlashPrompts(promptSources, composerRef);
  const attachEnabled = !firstRun && missing.length === 0 && loaded;
  const asideRef = useRef<HTMLElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  // Set by Cmd/Ctrl+K on a phone: the chat list sheet opens with the focus in its search.
  const searchOnOpen = useRef(false);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  // Sharing into a friend chat (docs/product.md#ai-in-chat): the dialog is the social chat's.
  const ShareToChat = useShareToChat();
  const [sharing, setSharing] = useState<AiSharePayload | null>(null);
  // Stable, so the closed dialog (memoised) does not render with the page.
  const closeShare = useCallback(() => setSharing(null), []);
  const [choosingRange, setChoosingRange] = useState(false);
  useChatShortcuts({
    stop: () => {
      if (!selectReplying(useChatStore.getState())) return false;
      stopReply();
      return true;
    },
    focusSearch: () => {
      const aside = asideRef.current;
      if (aside && getComputedStyle(aside).display !== 'none') {
        searchRef.current?.focus();
        return;
      }
      searchOnOpen.current = true;
      composerFocusOnClose.current = false;
      setPanel('chats');
    },
    newChat: startChat,
    showShortcuts: () => afterLoading(ShortcutsDialog, () => setShortcutsOpen(true)),
    composer: () => composerRef.current,
  });
  const editLastPrompt = () => {
    const last = useChatStore.getState().messages.at(-1);
    if (last && !replying) useChatStore.setState({ editRequest: last.id });
  };
  // One list for the side column (md and up) and the phone's sheet; choosing a chat or a
  // message in the sheet closes it.
  const chatList = (
    <ChatList
      chats={chats}
      activeId={activeId}
      generating={generating}
      onCreate={startChat}
      searchRef={searchRef}
      createMenu={
        <PresetMenu
          builtIns={presets.builtIns}
          own={presets.own}
          onStart={startFromPreset}
          onManage={() => {
            composerFocusOnClose.current = false;
            openPanel('presets');
          }}
        />
      }
      onOpen={(id) => {
        setPanel(null);
        void openChat(id);
      }}
      onOpenMessage={(chatId, messageId) => {
        setPanel(null);
        void openChat(chatId, messageId);
      }}
      onRename={(id, summary) => void updateChat(id, { summary })}
      onDelete={(id) => void deleteChat(id)}
    />
  );

  return (
    <>
      <DocumentTitle title={t('title')} />
      <h1 className="sr-only">{t('title')}</h1>
      {/* Fills what the app's header leaves (app-layout.tsx): the messages scroll, not the page. */}
      <div data-fill-window className="mx-auto flex min-h-0 w-full max-w-7xl flex-1 gap-4 py-3">
        <aside ref={asideRef} className="hidden w-64 shrink-0 flex-col md:flex">
          {panel === 'chats' ? null : chatList}
        </aside>
        <FileDropZone
          testId="chat-section"
          label={t('attachments.drop')}
          enabled={attachEnabled}
          onFiles={(files) => void attachments.add(files)}
          className="mx-auto flex min-w-0 flex-1 flex-col gap-2 lg:max-w-[60vw]"
        >
          {/* The model picker has a line of its own above the buttons, so that it always reads in
              full (the toolbar's labels leave it no room beside them); below md the buttons are
              icons only. */}
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1 border-b border-border pb-2">
            <ToolbarButton
              icon={MessagesSquare}
              label={t('toolbar.chats')}
              className="md:hidden"
              onClick={() => {
                composerFocusOnClose.current = false;
                setPanel('chats');
              }}
            />
            <div className="order-first min-w-0 basis-full">
              <ModelPicker
                settings={settings}
                provider={provider.provider}
                model={model}
                onChoose={(name, picked) => void chooseModel(settings, name, picked)}
                onSetUp={openProviderSettings}
              />
            </div>
            <ToolbarButton
              icon={SlidersHorizontal}
              label={t('toolbar.chatSettings')}
              disabled={!active}
              onClick={() => openPanel('chat')}
            />
            <ToolbarButton
              icon={Info}
              label={t('toolbar.inspector')}
              disabled={!active}
              onClick={() => openPanel('inspector')}
            />
            <ChatTransferMenu
              activeId={activeId}
              hasChats={chats.length > 0}
              onExport={(format, chatId) => void transfer.exportChats(format, chatId)}
              onImport={(file) => void transfer.importFile(file)}
            />
            {ShareToChat ? (
              <ToolbarButton
                icon={Share2}
                label={t('share.conversation')}
                disabled={!messages.length}
                onClick={() => afterLoading(ShareRangeDialog, () => setChoosingRange(true))}
              />
            ) : null}
            {toolbarExtras}
            <ToolbarButton
              icon={Keyboard}
              label={t('shortcuts.open')}
              iconOnly
              onClick={() => afterLoading(ShortcutsDialog, () => setShortcutsOpen(true))}
            />
            <ToolbarButton
              icon={Settings2}
              label={t('toolbar.providerSettings')}
              onClick={() => openProviderSettings(settings.api.activeProvider)}
            />
          </div>
          {!persistent ? <Alert variant="warning" title={t('errors.storageMemory')} /> : null}
          {syncFull ? <Alert variant="warning" title={t('historySync.full')} /> : null}
          {firstRun ? (
            <section
              aria-labelledby="first-run-title"
              data-testid="first-run"
              className="mx-auto flex min-h-0 w-full max-w-xl flex-1 flex-col gap-3 overflow-y-auto rounded-lg border border-border bg-surface p-4"
            >
              <h2 id="first-run-title" className="text-lg font-semibold">
                {t('firstRun.title')}
              </h2>
              <p className="text-sm text-fg-muted">{t('firstRun.text')}</p>
              {missing.length ? <p className="text-sm">{missingText}</p> : null}
              {/* Started again when the settings change elsewhere (the settings dialog, another
                  tab), so that it never shows a provider other than the one in use. */}
              {setupLoaded ? (
                <Fragment key={JSON.stringify(provider)}>{setupForm}</Fragment>
              ) : (
                <Spinner label={t('firstRun.title')} className="self-center p-4" />
              )}
            </section>
          ) : messages.length || (loaded && !messagesLoading) ? (
            // Mounted in an empty chat too, under its empty state: the first send then only
            // adds rows, instead of attaching the list's virtualiser in the send's own task. A
            // chat being opened (or the one the page reopens) mounts its list with its rows,
            // which then opens at its end.
            <MessageList
              key={listKey}
              label={t('title')}
              messages={messages}
              busy={replying}
              onRegenerate={(id) => void regenerate(id, settings, tools)}
              onEdit={(id, text) => void editAndResend(id, text, settings, tools)}
              onShowVersion={(id) => void showVersion(id)}
              onShare={
                ShareToChat
                  ? (id) =>
                      setSharing(
                        buildShareSnapshot(
                          active,
                          messages.filter((m) => m.id === id),
                        ),
                      )
                  : undefined
              }
              empty={
                <div className="my-auto" data-testid="chat-empty">
                  <EmptyState icon={Bot} title={t('empty')} text={t('emptyText')} />
                </div>
              }
            />
          ) : (
            // The chats or the open chat's messages are being read: neither rows nor "no
            // messages yet", which a chat with a history would show for a moment.
            <div className="min-h-0 flex-1" aria-busy="true" />
          )}
          {missing.length && !firstRun ? (
            <Alert variant="warning" title={t('notReady.title')}>
              <p>{missingText}</p>
              {active?.provider ? (
                <p>
                  {t('notReady.chatProvider', {
                    provider: provider.provider,
                    missing: missingList,
                  })}
                </p>
              ) : null}
              <Button
                size="sm"
                variant="outline"
                className="mt-2"
                onClick={() => openProviderSettings()}
              >
                {t('notReady.open')}
              </Button>
            </Alert>
          ) : null}
          <AttachmentTray
            items={attachments.items}
            reading={attachments.reading}
            refusals={attachments.refusals}
            onRemove={attachments.remove}
            onDismiss={attachments.dismissRefusals}
          />
          {slash.open ? (
            <SlashPromptMenu
              prompts={slash.matches}
              failures={slash.failures}
              loading={slash.loading}
              active={slash.active}
              onChoose={slash.choose}
              onHover={slash.setActive}
            />
          ) : null}
          {slash.failure ? (
            <Alert variant="error" role="alert" title={t('slash.fillFailed')}>
              {slash.failure}
            </Alert>
          ) : null}
          <ChatInput
            inputRef={composerRef}
            onTextChange={slash.onTextChange}
            prefill={slash.prefill}
            onArrowUpEmpty={editLastPrompt}
            replying={replying}
            disabled={missing.length > 0 || !loaded}
            accessory={
              <>
                <AttachButton
                  onFiles={(files) => void attachments.add(files)}
                  disabled={!attachEnabled}
                />
                {promptSources ? (
                  <ResourcePicker
                    sources={promptSources}
                    disabled={!attachEnabled}
                    onFiles={attachments.add}
                  />
                ) : null}
              </>
            }
            allowBlank={attachments.items.length > 0}
            onSend={(text) => {
              if (!attachments.checkSend()) return false;
              void attachments.take().then((taken) => {
                if (taken) return sendPrompt(text, settings, tools, taken);
              });
            }}
            onStop={() => stopReply()}
          />
        </FileDropZone>
      </div>
      <PromptArgumentForm prompt={slash.chosen} onSubmit={slash.fill} onClose={slash.cancel} />
      {shortcutsOpen ? <ShortcutsDialog open onOpenChange={setShortcutsOpen} /> : null}
      {ShareToChat ? (
        <>
          {choosingRange ? (
            <ShareRangeDialog
              open
              messages={messages}
              onOpenChange={setChoosingRange}
              onShare={(turns) => {
                setChoosingRange(false);
                setSharing(buildShareSnapshot(active, turns));
              }}
            />
          ) : null}
          {/* The dialog's code (and its catalog) loads when it is first opened, not with the page. */}
          {sharing ? (
            <Suspense fallback={null}>
              <ShareToChat payload={sharing} onClose={closeShare} />
            </Suspense>
          ) : null}
        </>
      ) : null}
      <ImportSummaryDialog outcome={transfer.outcome} onClose={transfer.closeOutcome} />
      <Sheet
        open={panel === 'chats'}
        onOpenChange={closePanel}
        title={t('chats.label')}
        closeLabel={t('chatSettings.close')}
        onCloseAutoFocus={(event) => {
          if (!composerFocusOnClose.current) return;
          event.preventDefault();
          focusComposer();
        }}
        onOpenAutoFocus={(event) => {
          if (!searchOnOpen.current) return;
          searchOnOpen.current = false;
          event.preventDefault();
          searchRef.current?.focus();
        }}
      >
        {chatList}
      </Sheet>
      <Sheet
        open={panel === 'chat' && !!active}
        onOpenChange={closePanel}
        title={t('chatSettings.title')}
        description={t('chatSettings.description')}
        closeLabel={t('chatSettings.close')}
      >
        {active ? (
          <ChatSettingsForm
            key={active.id}
            chat={active}
            provider={provider.provider}
            providerModel={provider.model}
            providerModels={provider.modelList}
            onSave={(changes) => updateChat(active.id, changes)}
            onSaveAsPreset={(changes, name) => presets.saveFromChat(active, changes, name)}
          />
        ) : null}
      </Sheet>
      <Sheet
        open={panel === 'inspector'}
        onOpenChange={closePanel}
        title={t('inspector.title')}
        description={t('inspector.description')}
        closeLabel={t('inspector.close')}
      >
        {activeId ? <InspectorPanel chatId={activeId} /> : null}
      </Sheet>
      <Sheet
        open={panel === 'presets'}
        onOpenChange={closePanel}
        title={t('presets.title')}
        description={t('presets.description')}
        closeLabel={t('chatSettings.close')}
      >
        <PresetManager
          builtIns={presets.builtIns}
          own={presets.own}
          activeProvider={settings.api.activeProvider}
          providerModels={Object.fromEntries(
            Object.entries(settings.api.providers).map(([name, p]) => [name, p.model]),
          )}
          onSave={presets.save}
          onDelete={presets.remove}
        />
      </Sheet>
      <Sheet
        open={panel === 'provider'}
        onOpenChange={closePanel}
        title={t('toolbar.providerSettings')}
        closeLabel={t('chatSettings.close')}
      >
        {typeof providerSettings === 'function'
          ? providerSettings(settingsFor ?? settings.api.activeProvider)
          : providerSettings}
      </Sheet>
    </>
  );
}
