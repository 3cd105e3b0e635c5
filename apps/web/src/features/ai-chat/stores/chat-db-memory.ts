/** The AI chat database in memory, where IndexedDB cannot be opened: the same operations. */
import type { AiChat, AiChatMessage } from '@confab/protocol/ai-chat';
import {
  noteLocalChange,
  outboxEntry,
  outboxKey,
  type ChatDb,
  type OutboxEntry,
} from './chat-db-contract';

const newestFirst = (a: AiChat, b: AiChat) => b.updatedAt - a.updatedAt;
const oldestFirst = (a: AiChatMessage, b: AiChatMessage) => a.createdAt - b.createdAt;
const clone = <T>(value: T): T => structuredClone(value);

export function memoryChatDb(): ChatDb {
  const chats = new Map<string, AiChat>();
  const messages = new Map<string, AiChatMessage>();
  const outbox = new Map<string, OutboxEntry>();
  const meta = new Map<string, unknown>();
  const revisions = new Map<string, number>();
  const queue = (entry: OutboxEntry) => outbox.set(entry.key, entry);
  const chatMessages = (chatId: string) =>
    [...messages.values()].filter((m) => m.chatId === chatId).sort(oldestFirst);
  const local = async (work: () => void) => {
    work();
    noteLocalChange();
  };
  const putMessage = (m: AiChatMessage) => {
    messages.set(m.id, clone(m));
    queue(outboxEntry('message', m.id, m.chatId));
  };
  return {
    persistent: false,
    listChats: async () => [...chats.values()].map(clone).sort(newestFirst),
    getChat: async (id) => (chats.has(id) ? clone(chats.get(id)) : undefined),
    putChat: (chat) =>
      local(() => {
        chats.set(chat.id, clone(chat));
        queue(outboxEntry('chat', chat.id, chat.id));
      }),
    deleteChat: (id) =>
      local(() => {
        chats.delete(id);
        queue(outboxEntry('chat', id, id, true));
        for (const m of chatMessages(id)) {
          messages.delete(m.id);
          outbox.delete(outboxKey('message', m.id));
        }
      }),
    listMessages: async (chatId) => chatMessages(chatId).map(clone),
    listRecentMessages: async (chatId, count) => chatMessages(chatId).slice(-count).map(clone),
    getMessage: async (id) => (messages.has(id) ? clone(messages.get(id)) : undefined),
    putMessage: (m) => local(() => putMessage(m)),
    putMessages: (list) => local(() => list.forEach(putMessage)),
    deleteMessages: (ids) =>
      local(() => {
        for (const id of ids) {
          const m = messages.get(id);
          if (!m) continue;
          messages.delete(id);
          queue(outboxEntry('message', id, m.chatId, true));
        }
      }),
    readOutbox: async () => [...outbox.values()].map(clone),
    clearOutbox: async (entries) => {
      for (const e of entries) if (outbox.get(e.key)?.version === e.version) outbox.delete(e.key);
    },
    enqueueAll: () =>
      local(() => {
        for (const id of chats.keys()) queue(outboxEntry('chat', id, id));
        for (const m of messages.values()) queue(outboxEntry('message', m.id, m.chatId));
      }),
    enqueueMessages: (list) =>
      local(() => {
        for (const m of list) queue(outboxEntry('message', m.id, m.chatId));
      }),
    applyRemote: async (changes) => {
      for (const chat of changes.chats) {
        if (!outbox.has(outboxKey('chat', chat.id))) chats.set(chat.id, clone(chat));
      }
      for (const m of changes.messages) {
        if (!outbox.has(outboxKey('message', m.id))) messages.set(m.id, clone(m));
      }
      for (const id of changes.deletedChats) {
        chats.delete(id);
        outbox.delete(outboxKey('chat', id));
        revisions.delete(id);
        for (const m of chatMessages(id)) {
          messages.delete(m.id);
          outbox.delete(outboxKey('message', m.id));
        }
      }
      for (const id of changes.deletedMessages) {
        messages.delete(id);
        outbox.delete(outboxKey('message', id));
      }
      for (const [id, revision] of Object.entries(changes.chatRevisions))
        revisions.set(id, revision);
    },
    chatRevision: async (id) => revisions.get(id) ?? 0,
    getMeta: async (key) => clone(meta.get(key)),
    setMeta: async (key, value) => void meta.set(key, clone(value)),
  };
}
