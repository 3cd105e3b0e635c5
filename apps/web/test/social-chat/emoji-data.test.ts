import { isSingleEmoji } from '@confab/protocol/reactions';
import en from 'emojibase-data/en/compact.json';
import zh from 'emojibase-data/zh/compact.json';
import { describe, expect, it } from 'vitest';
import { mergeMessages, roomMessages } from '@/features/social-chat/lib/message-order';
import { useMessagesStore } from '@/features/social-chat/stores/messages-store';
import { me, messageIn } from './fixtures';

describe('the bundled emoji', () => {
  it('every emoji the picker offers is one the server takes as a reaction', () => {
    for (const data of [en, zh]) {
      const offered = data.filter((e) => e.group !== undefined && e.group !== 2);
      expect(offered.length).toBeGreaterThan(1800);
      expect(offered.filter((e) => !isSingleEmoji(e.unicode)).map((e) => e.unicode)).toEqual([]);
    }
  });
});

describe('messages deleted for oneself', () => {
  it('are not listed, and stay hidden when a later copy (an edit’s event) says nothing of it', () => {
    const chatId = 'chat-x';
    const held = [messageIn(chatId, 1), messageIn(chatId, 2, { hidden: true })];
    const edited = messageIn(chatId, 2, {
      content: 'edited',
      editedAt: '2026-03-01T10:00:00.000Z',
    });
    const merged = mergeMessages(held, [{ ...edited, _id: held[1]!._id }]);
    expect(merged[1]).toMatchObject({ content: 'edited', hidden: true });
    expect(roomMessages(merged, [], me, chatId).map((m) => m.seq)).toEqual([1]);
  });

  it('are hidden in the store by id, reactions replaced by the live event', () => {
    const chatId = 'chat-y';
    useMessagesStore.setState({ logs: {} });
    const store = useMessagesStore.getState();
    store.merge(chatId, [messageIn(chatId, 1), messageIn(chatId, 2)], { loaded: true });
    store.hide(chatId, [`m-${chatId}-1`]);
    const reactions = [{ emoji: '👍', users: [{ id: me.id, username: me.username }] }];
    store.setReactions(chatId, `m-${chatId}-2`, reactions);
    const log = useMessagesStore.getState().logs[chatId]!;
    expect(log.messages.map((m) => [m.hidden ?? false, m.reactions ?? []])).toEqual([
      [true, []],
      [false, reactions],
    ]);
  });
});
