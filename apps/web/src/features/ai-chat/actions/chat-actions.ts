/**
 * What the user does with AI chats: open, create, rename, delete, change settings, and the reply
 * lifecycle of docs/product.md#ai-reply-lifecycle (send → active message → chunks, saved as they
 * come → completion or error → saved). Replies run per chat (reply-runs.ts) and go on while
 * another chat or page is open.
 */
import type { AiChat, AiChatMessage } from '@confab/protocol/ai-chat';
import type { StoredSettings } from '@confab/protocol/ai-settings';
import { providers, type ProviderName } from '@confab/protocol/providers';
import type { PromptAttachment } from '@confab/protocol/prompt-attachments';
import type { ChatTools } from '../lib/chat-tools';
import { modelSeesImages } from '../engine/model-vision';
import { readStorage, writeStorage } from '@/lib/storage';
import { buildChatRequest, type ChatRequest } from '../engine/request-building';
import { yieldToMain } from '../engine/time-slice';
import type { ChatResult } from '../engine/run-chat';
import { chatProvider } from '../lib/chat-provider';
import { missingSettings } from '../lib/provider-readiness';
import { choosingPathTo, parentOf } from '../lib/message-tree';
import { newId } from '../lib/new-id';
import { chatDb, type ChatDb } from '../stores/chat-db';
import {
  addTrace,
  replaceChat,
  replaceMessage,
  setLiveReply,
  useChatStore,
  withRecords,
} from '../stores/chat-store';
import { liveBuffer } from './live-buffer';
import {
  beginRun,
  chatReplying,
  discardReply,
  endRun,
  messageReplying,
  pageUnloading,
  type ReplyRun,
} from './reply-runs';
import { replyWriter } from './reply-writer';

export { stopReply } from './reply-runs';

const activeChatKey = 'confab:mind-box:active-chat';
const summaryLength = 40;

/**
 * Replies finished in this tab whose final record is still being written: a chat opened
 * meanwhile may read the record from before, still marked active, and must not take it for one
 * a reload cut.
 */
const finishing = new Map<string, AiChatMessage>();

export function newChat(settings: StoredSettings, summary = ''): AiChat {
  const provider = settings.api.activeProvider;
  const now = Date.now();
  return {
    id: newId(),
    createdAt: now,
    updatedAt: now,
    summary,
    model: '',
    systemMessage: '',
    maxCtxMessages: 10,
    temperature: providers[provider].temperature.default,
    maxTokens: null,
    prompt: '',
    input: '',
    stream: true,
    context: '',
  };
}

/** Loads the chat list and reopens the chat open before the reload. */
export async function loadChats(): Promise<void> {
  const db = await chatDb();
  const stored = await db.listChats();
  // Chats made while the list was read stay; stored ones are added to them.
  const current = useChatStore.getState().chats;
  const chats = [...current, ...stored.filter((c) => !current.some((k) => k.id === c.id))].sort(
    (a, b) => b.updatedAt - a.updatedAt,
  );
  useChatStore.setState({ chats, loaded: true, persistent: db.persistent });
  if (useChatStore.getState().activeId) return;
  const remembered = readStorage(activeChatKey);
  const open = chats.find((c) => c.id === remembered) ?? chats[0];
  if (open) await openChat(open.id);
}

/**
 * Messages read before the rest when a chat opens: more than a tall screen shows, with the
 * list's overscan. A chat of 2,000 messages paints from these while the rest is still read.
 */
export const firstScreenMessages = 50;
/** Counts chat openings, so a slow read never lands in a chat opened again since. */
let openings = 0;
/**
 * The open chat's messages are all read (or failed to be): a prompt waits for it, since its
 * context is taken from the messages shown.
 */
let historyRead: Promise<void> = Promise.resolve();

/**
 * Opens a chat; with `focusMessageId` (a message found by search), the list scrolls to that
 * message once it is shown, which for an older one is after the rest of the chat is read.
 */
export function openChat(id: string, focusMessageId: string | null = null): Promise<void> {
  const reading = readMessages(id, focusMessageId);
  historyRead = reading.catch(() => {});
  return reading;
}

async function readMessages(id: string, focusMessageId: string | null): Promise<void> {
  useChatStore.setState({
    activeId: id,
    messages: [],
    records: [],
    messagesLoading: true,
    focusMessageId,
  });
  writeStorage(activeChatKey, id);
  const db = await chatDb();
  const opening = ++openings;
  const isOpen = () => openings === opening && useChatStore.getState().activeId === id;
  if (focusMessageId) {
    // The whole chat at once: history put in front later would move the message out of view.
    const all = await db.listMessages(id);
    if (!isOpen()) return;
    // A version off the path shown is shown with its conversation (for this visit; nothing is
    // written until the user chooses or sends).
    const records = choosingPathTo(settledMessages(all), focusMessageId, nextChoice(all));
    useChatStore.setState({ ...withRecords(records), messagesLoading: false });
    await saveInterrupted(all);
    return;
  }
  const recent = await db.listRecentMessages(id, firstScreenMessages);
  if (!isOpen()) return;
  // Until the rest is read, the path is taken from these: a long chat with versions may show
  // another path for a moment.
  useChatStore.setState({ ...withRecords(settledMessages(recent)), messagesLoading: false });
  await saveInterrupted(recent);
  if (recent.length < firstScreenMessages || !recent[0]) return;

  const stored = await db.listMessages(id);
  const read = new Set(recent.map((m) => m.id));
  const older = stored.filter((m) => !read.has(m.id));
  await saveInterrupted(older);
  // Reading a long history (IndexedDB hands it over in the task that reads it) and showing it
  // are two tasks, not one: the page may paint in between.
  await yieldToMain();
  if (!isOpen()) return;
  // The history joins what is held now, which may have changed meanwhile (a prompt sent, a
  // reply regenerated): those newer states are kept.
  useChatStore.setState((state) => {
    const held = new Set(state.records.map((m) => m.id));
    return withRecords([
      ...settledMessages(older).filter((m) => !held.has(m.id)),
      ...state.records,
    ]);
  });
}

/**
 * A stored reply still marked active that this tab does not stream was cut off by a reload or a
 * closed tab: it is interrupted, with what arrived before.
 */
function cutByReload(message: AiChatMessage): boolean {
  return message.isActive && !finishing.has(message.id) && !messageReplying(message.id);
}

function settledMessages(stored: AiChatMessage[]): AiChatMessage[] {
  return stored.map(
    (m) =>
      finishing.get(m.id) ?? (cutByReload(m) ? { ...m, isActive: false, interrupted: true } : m),
  );
}

async function saveInterrupted(stored: AiChatMessage[]): Promise<void> {
  const interrupted = stored.filter(cutByReload);
  if (interrupted.length) await (await chatDb()).putMessages(settledMessages(interrupted));
}

/** Makes a chat and opens it; `changes` are the settings it starts with (a preset's). */
export async function createChat(
  settings: StoredSettings,
  changes: Partial<AiChat> = {},
): Promise<AiChat> {
  const chat = { ...newChat(settings), ...changes };
  await (await chatDb()).putChat(chat);
  replaceChat(chat);
  useChatStore.setState({ activeId: chat.id, messages: [], records: [], messagesLoading: false });
  writeStorage(activeChatKey, chat.id);
  return chat;
}

/**
 * A chat nothing was done in yet: no message, no title, no system message, provider or model of
 * the user's (a chat they named, prepared or started from a preset is theirs to keep), and no
 * reply running.
 */
async function isUnused(db: ChatDb, chat: AiChat): Promise<boolean> {
  if (chatReplying(chat.id) || chat.summary.trim() || chat.systemMessage.trim()) return false;
  if (chat.provider || chat.model.trim()) return false;
  return (await db.listRecentMessages(chat.id, 1)).length === 0;
}

/**
 * The user's "New chat" (docs/product.md#ai-chat): the open chat when it is still unused, else
 * the newest unused chat of the list, else a new one; empty chats never pile up.
 */
export async function startNewChat(settings: StoredSettings): Promise<AiChat> {
  await historyRead;
  const db = await chatDb();
  const state = useChatStore.getState();
  const open = state.chats.find((c) => c.id === state.activeId);
  if (open && !state.messages.length && (await isUnused(db, open))) return open;
  for (const chat of state.chats) {
    if (chat.id === state.activeId || !(await isUnused(db, chat))) continue;
    await openChat(chat.id);
    return chat;
  }
  return createChat(settings);
}

export async function updateChat(id: string, changes: Partial<AiChat>): Promise<void> {
  const chat = useChatStore.getState().chats.find((c) => c.id === id);
  if (!chat) return;
  const next = { ...chat, ...changes, id, updatedAt: Date.now() };
  await (await chatDb()).putChat(next);
  replaceChat(next);
}

/**
 * The model picker's choice (docs/product.md#model-picker): the open chat's provider and model,
 * kept with the chat (a new chat when none is open).
 */
export async function chooseModel(
  settings: StoredSettings,
  provider: ProviderName,
  model: string,
): Promise<void> {
  await historyRead;
  const state = useChatStore.getState();
  const chat = state.chats.find((c) => c.id === state.activeId) ?? (await createChat(settings));
  await updateChat(chat.id, { provider, model });
}

const noApprovals: readonly string[] = [];

/** The tool approvals given in a chat (kept with it: docs/product.md#model-tools). */
export function chatToolApprovals(chatId: string): readonly string[] {
  return useChatStore.getState().chats.find((c) => c.id === chatId)?.toolApprovals ?? noApprovals;
}

/** Keeps a chat's tool approvals with the chat: they last through a reload and sync with it. */
export function saveChatToolApprovals(chatId: string, entries: readonly string[]): void {
  void updateChat(chatId, { toolApprovals: [...entries] }).catch((error: unknown) =>
    addTrace(chatId, 'storage', `The tool approval could not be saved: ${String(error)}`),
  );
}

export async function deleteChat(id: string): Promise<void> {
  // Its reply ends and writes nothing more: a later write would bring its message back.
  discardReply(id);
  await (await chatDb()).deleteChat(id);
  const chats = useChatStore.getState().chats.filter((c) => c.id !== id);
  useChatStore.setState({ chats });
  if (useChatStore.getState().activeId === id) {
    const next = chats[0];
    if (next) await openChat(next.id);
    else useChatStore.setState({ activeId: null, messages: [], records: [] });
  }
}

/** The message after the reply ended (docs/product.md#ai-reply-lifecycle). */
export function finishedMessage(message: AiChatMessage, result: ChatResult): AiChatMessage {
  const base: AiChatMessage = {
    ...message,
    isActive: false,
    reasoning: result.reasoning,
    inputTokens: result.inputTokens,
    outputTokens: result.outputTokens,
    ...(result.toolRoundsCapped ? { toolRoundsCapped: result.toolRoundsCapped } : {}),
  };
  if (result.failure) {
    return { ...base, reply: result.content, error: result.failure.message };
  }
  if (result.aborted) return { ...base, reply: result.content, stopped: true };
  return { ...base, reply: result.content || result.reasoning };
}

/**
 * Registers the reply of `message` in its chat and saves the message as it starts; null when
 * the chat already streams a reply (sending there is blocked).
 */
function startReply(db: ChatDb, message: AiChatMessage) {
  let current: () => AiChatMessage = () => message;
  const writer = replyWriter(
    db,
    () => current(),
    (error) =>
      addTrace(message.chatId, 'storage', `The reply could not be saved: ${String(error)}`),
  );
  const run = beginRun(message.chatId, message.id, writer);
  if (!run) return null;
  const buffer = liveBuffer(message.chatId, message.id, () => writer.changed());
  current = () => {
    const live = buffer.snapshot();
    return {
      ...message,
      reply: live.reply,
      reasoning: live.reasoning,
      ...(live.toolCalls.length ? { toolCalls: live.toolCalls } : {}),
    };
  };
  setLiveReply(message.chatId, buffer.snapshot());
  writer.flush();
  return { run, buffer };
}

async function runReply(
  { run, buffer }: { run: ReplyRun; buffer: ReturnType<typeof liveBuffer> },
  message: AiChatMessage,
  request: ChatRequest,
  chat: AiChat,
  tools: ChatTools,
): Promise<void> {
  let result: ChatResult;
  try {
    // The engine and the AI SDK with its providers load with the first request, not the page.
    const { runChat } = await import('../engine/run-chat');
    result = await runChat(request, {
      chatId: chat.id,
      signal: run.controller.signal,
      tools,
      origin: typeof location === 'undefined' ? undefined : location.origin,
      onEvent: (event) => buffer.onEvent(event),
    });
  } catch (error) {
    result = {
      content: buffer.live.reply,
      reasoning: buffer.live.reasoning,
      inputTokens: 0,
      outputTokens: 0,
      aborted: false,
      rounds: 0,
      failure: { code: 500, message: error instanceof Error ? error.message : String(error) },
    };
  }
  const finished = {
    ...finishedMessage(message, result),
    ...(buffer.live.toolCalls.length ? { toolCalls: buffer.live.toolCalls } : {}),
  };
  buffer.close();
  // Cut by the page going away: left as saved, shown interrupted on the next load.
  if (result.failure && pageUnloading()) run.writer.discard();
  finishing.set(finished.id, finished);
  endRun(run);
  // The flag clears in every end case; the finished message replaces the live one at once (in
  // the open chat; another chat reads it when opened).
  replaceMessage(finished);
  setLiveReply(chat.id, null);
  try {
    if (await run.writer.finish(finished)) await updateChat(chat.id, {});
  } catch (error) {
    addTrace(chat.id, 'storage', `The reply could not be saved: ${String(error)}`);
  } finally {
    if (finishing.get(finished.id) === finished) finishing.delete(finished.id);
  }
}

/**
 * Whether the model takes images, asked only when images are in the prompt or its context
 * (Ollama is asked over the network).
 */
async function visionFor(
  settings: StoredSettings,
  chat: AiChat,
  attachments: readonly PromptAttachment[] | undefined,
  history: readonly AiChatMessage[],
): Promise<boolean> {
  const images = (list: readonly PromptAttachment[] | undefined) =>
    list?.some((a) => a.kind === 'image') === true;
  if (!images(attachments) && !history.some((m) => images(m.attachments))) return false;
  return modelSeesImages(settings, chat);
}

/**
 * Sends a prompt in the open chat (a new chat when none is open), with its attachments
 * (docs/product.md#prompt-attachments).
 */
export async function sendPrompt(
  text: string,
  settings: StoredSettings,
  tools: ChatTools,
  attachments: readonly PromptAttachment[] = [],
): Promise<void> {
  const prompt = text.trim();
  // A prompt may be only attachments (docs/product.md#prompt-attachments).
  if (!prompt && !attachments.length) return;
  await historyRead;
  let state = useChatStore.getState();
  let chat = state.chats.find((c) => c.id === state.activeId);
  if (chat && chatReplying(chat.id)) return;
  if (!chat) chat = await createChat(settings);
  // The page says which provider is not ready and links to its settings; nothing is sent.
  if (missingSettings(chatProvider(chat, settings)).length) return;
  if (!chat.summary) {
    const title = prompt || attachments.map((a) => a.name).join(', ');
    await updateChat(chat.id, { summary: title.slice(0, summaryLength) });
    chat = useChatStore.getState().chats.find((c) => c.id === chat!.id) ?? chat;
  }
  state = useChatStore.getState();
  const provider = chatProvider(chat, settings);
  const history = state.messages;
  const message: AiChatMessage = {
    id: newId(),
    chatId: chat.id,
    parentId: history.at(-1)?.id ?? null,
    prompt,
    reply: '',
    reasoning: '',
    model: chat.model.trim() || provider.model,
    provider: provider.provider,
    temperature: chat.temperature,
    maxTokens: chat.maxTokens,
    inputTokens: 0,
    outputTokens: 0,
    memo: '',
    isActive: true,
    citedFiles: [],
    citedChunks: [],
    createdAt: Date.now(),
    ...(attachments.length ? { attachments: [...attachments] } : {}),
  };
  const vision = await visionFor(settings, chat, attachments, history);
  // Built before the message is shown, so that it tells from the start what the model gets.
  const request = buildChatRequest({ settings, chat, history, prompt, attachments, vision });
  if (request.htmlStripped) message.htmlStripped = true;
  // What the provider in use gets, which may differ from what the chat was set to.
  message.model = request.label;
  message.temperature = request.temperature;
  const db = await chatDb();
  const started = startReply(db, message);
  if (!started) return;
  showNewMessage(message);
  await runReply(started, message, request, chat, tools);
}

/** Adds the message to its chat, shown after `history`, when that chat is still the open one. */
function showNewMessage(message: AiChatMessage): void {
  useChatStore.setState((state) =>
    state.activeId === message.chatId ? withRecords([...state.records, message]) : {},
  );
}

/**
 * Asks again for the reply of a message: the new reply is a new version beside the old one
 * (docs/product.md#versions-and-branches), which stays one click away.
 */
export async function regenerate(
  messageId: string,
  settings: StoredSettings,
  tools: ChatTools,
): Promise<void> {
  await resend(messageId, null, settings, tools);
}

/**
 * Sends a changed prompt as a new version of the message: a branch with its own reply. The old
 * prompt and everything after it stay reachable through the message's versions.
 */
export async function editAndResend(
  messageId: string,
  text: string,
  settings: StoredSettings,
  tools: ChatTools,
): Promise<void> {
  const prompt = text.trim();
  if (!prompt) return;
  await resend(messageId, prompt, settings, tools);
}

async function resend(
  messageId: string,
  prompt: string | null,
  settings: StoredSettings,
  tools: ChatTools,
): Promise<void> {
  await historyRead;
  const state = useChatStore.getState();
  const chat = state.chats.find((c) => c.id === state.activeId);
  if (chat && chatReplying(chat.id)) return;
  const at = state.messages.findIndex((m) => m.id === messageId);
  const old = state.messages[at];
  if (!chat || !old) return;
  const provider = chatProvider(chat, settings);
  if (missingSettings(provider).length) return;
  const message: AiChatMessage = {
    id: newId(),
    chatId: chat.id,
    parentId: parentOf(state.records, old),
    prompt: prompt ?? old.prompt,
    reply: '',
    reasoning: '',
    model: chat.model.trim() || provider.model,
    provider: provider.provider,
    temperature: chat.temperature,
    maxTokens: chat.maxTokens,
    inputTokens: 0,
    outputTokens: 0,
    memo: old.memo,
    isActive: true,
    citedFiles: old.citedFiles,
    citedChunks: old.citedChunks,
    createdAt: Date.now(),
    selectedAt: nextChoice(state.records),
    // A new version keeps the prompt's attachments.
    ...(old.attachments?.length ? { attachments: old.attachments } : {}),
  };
  const history = state.messages.slice(0, at);
  const vision = await visionFor(settings, chat, message.attachments, history);
  const request = buildChatRequest({
    settings,
    chat,
    history,
    prompt: message.prompt,
    attachments: message.attachments,
    vision,
  });
  if (request.htmlStripped) message.htmlStripped = true;
  message.model = request.label;
  message.temperature = request.temperature;
  const db = await chatDb();
  const started = startReply(db, message);
  if (!started) return;
  showNewMessage(message);
  await runReply(started, message, request, chat, tools);
}

/** A choice later than any so far, so that it wins even over a device whose clock ran ahead. */
function nextChoice(records: readonly AiChatMessage[]): number {
  let latest = 0;
  for (const m of records) latest = Math.max(latest, m.selectedAt ?? m.createdAt);
  return Math.max(Date.now(), latest + 1);
}

/**
 * Shows another version of a message, and with it the path under that version
 * (docs/product.md#versions-and-branches). Only the chosen message changes.
 */
export async function showVersion(messageId: string): Promise<void> {
  const state = useChatStore.getState();
  const target = state.records.find((m) => m.id === messageId);
  if (!target || chatReplying(target.chatId)) return;
  const chosen = { ...target, selectedAt: nextChoice(state.records) };
  replaceMessage(chosen);
  await (await chatDb()).putMessage(chosen);
}
