import { describe, expect, it } from 'vitest';
import {
  withChat,
  withMessage,
  withPresence,
  withReadMark,
  withUpdatedMessage,
  withoutUnread,
} from '@/features/social-chat/lib/chat-list-updates';
import { chatWith, me, messageIn } from './fixtures';

describe('live updates of the list', () => {
  const bob = chatWith('bob', { unread: 1 });
  const cat = chatWith('cat');

  it('a new message becomes the preview and time, with the unread count the server gives', () => {
    const message = messageIn(bob._id, 2, {
      content: 'new',
      timestamp: '2026-03-02T08:00:00.000Z',
    });
    const next = withMessage([bob, cat], message, 2)!;
    expect(next[0]).toMatchObject({
      lastMessage: message,
      lastTime: message.timestamp,
      lastSeq: 2,
      unread: 2,
    });
    expect(next[1]).toBe(cat);
  });

  it('an old or repeated message leaves the preview alone', () => {
    const first = withMessage([bob], messageIn(bob._id, 1, { content: 'again' }))!;
    expect(first[0]?.lastMessage?.content).toBe('message 1');
    const counted = withMessage([bob], messageIn(bob._id, 1), 5)!;
    expect(counted[0]).toMatchObject({ unread: 5, lastMessage: { content: 'message 1' } });
  });

  it('a message of a chat the list does not hold asks for a reload', () => {
    expect(withMessage([bob], messageIn('chat-new', 1))).toBeUndefined();
  });

  it('an edited or deleted last message updates the preview', () => {
    const deleted = { ...bob.lastMessage!, deleted: true, content: '' };
    expect(withUpdatedMessage([bob], deleted)[0]?.lastMessage).toEqual(deleted);
    const other = messageIn(bob._id, 0);
    const same = [bob];
    expect(withUpdatedMessage(same, other)).toBe(same);
  });

  it('replaces a changed chat and adds one it did not have', () => {
    const pinned = { ...cat, isPinned: true, pinnedOrder: 1 };
    expect(withChat([bob, cat], pinned)).toEqual([bob, pinned]);
    expect(withChat([bob], cat)).toEqual([bob, cat]);
  });

  it('presence switches the online dot of the contact’s chat only', () => {
    const next = withPresence([bob, cat], {
      userId: 'cat-id',
      isOnline: true,
      lastSeen: null,
      version: 1,
    });
    expect(next.map((chat) => chat.isOnline)).toEqual([false, true]);
    const same = [bob];
    expect(
      withPresence(same, { userId: 'cat-id', isOnline: true, lastSeen: null, version: 1 }),
    ).toBe(same);
  });

  it('read marks: the viewer’s own clear the count, the other’s mark the viewer’s message read', () => {
    expect(
      withReadMark([bob], { chatId: bob._id, userId: me.id, lastReadSeq: 1 }, me.id)[0]?.unread,
    ).toBe(0);
    expect(
      withReadMark([bob], { chatId: bob._id, userId: me.id, lastReadSeq: 0 }, me.id)[0]?.unread,
    ).toBe(1);
    const mine = chatWith('dan', { lastMessage: messageIn('chat-dan', 4, { sender: me.id }) });
    const read = withReadMark(
      [mine],
      { chatId: mine._id, userId: 'dan-id', lastReadSeq: 4 },
      me.id,
    );
    expect(read[0]?.lastMessage?.isRead).toBe(true);
    const early = withReadMark(
      [mine],
      { chatId: mine._id, userId: 'dan-id', lastReadSeq: 3 },
      me.id,
    );
    expect(early[0]?.lastMessage?.isRead).toBe(false);
  });

  it('opening a chat clears its unread count', () => {
    expect(withoutUnread([bob, cat], bob._id)[0]?.unread).toBe(0);
  });
});
