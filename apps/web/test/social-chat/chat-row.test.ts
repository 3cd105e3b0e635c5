import { describe, expect, it, vi } from 'vitest';
import { initialOf } from '@/components/ui/avatar';
import { chatNickname, formatChatTime, previewOf } from '@/features/social-chat/lib/chat-row';
import { orderChats } from '@/features/social-chat/lib/order-chats';
import { searchChats } from '@/features/social-chat/lib/search-chats';
import { chatWith, messageIn } from './fixtures';

describe('a conversation row', () => {
  it("shows the other person's display name when the viewer gave the chat no nickname", () => {
    const bob = { id: 'p', username: 'bob', nickname: null, displayName: '鲍勃', avatar: null };
    expect(chatNickname(chatWith('bob', { displayName: '鲍勃', participants: [bob] }))).toBe(
      '鲍勃',
    );
    expect(
      chatNickname(chatWith('bob', { nickname: 'B.', displayName: '鲍勃', participants: [bob] })),
    ).toBe('B.');
  });

  it('takes its name from the chat nickname, then the first participant, then the name', () => {
    const participant = {
      id: 'p',
      username: 'bob',
      nickname: 'Bobby',
      displayName: null,
      avatar: null,
    };
    expect(chatNickname(chatWith('bob', { nickname: 'B.', participants: [participant] }))).toBe(
      'B.',
    );
    expect(chatNickname(chatWith('bob', { nickname: '  ', participants: [participant] }))).toBe(
      'Bobby',
    );
    expect(chatNickname(chatWith('bob'))).toBe('bob');
    expect(chatNickname(chatWith('', { participants: [] }))).toBeNull();
  });

  it('shows the upper-case initial of the name, or ? when there is none', () => {
    expect(initialOf('bob')).toBe('B');
    expect(initialOf('  émile')).toBe('É');
    expect(initialOf('小明')).toBe('小');
    expect(initialOf('😀 smile')).toBe('😀');
    expect(initialOf('')).toBe('?');
    expect(initialOf(null)).toBe('?');
  });

  it('shows the last time as messengers do, and nothing when there is none or it is unreadable', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const now = new Date(2026, 2, 12, 15, 0);
    const show = (iso: string | null) => formatChatTime(iso, 'zh-CN', '昨天', now);
    expect(show(new Date(2026, 2, 12, 7, 5).toISOString())).toBe('7:05');
    expect(show(new Date(2026, 2, 11, 23, 59).toISOString())).toBe('昨天');
    expect(show(new Date(2026, 2, 9, 8, 0).toISOString())).toBe('周一');
    expect(show(new Date(2026, 1, 28, 8, 0).toISOString())).toBe('2/28');
    expect(show(null)).toBeNull();
    expect(show('yesterday-ish')).toBeNull();
    expect(warn).toHaveBeenCalledOnce();
  });

  it('previews the last message on one line, or says what it was', () => {
    expect(previewOf(null)).toEqual({ kind: 'none', text: '' });
    expect(previewOf(messageIn('c', 1, { content: 'line one\n\n  line two ' }))).toEqual({
      kind: 'text',
      text: 'line one line two',
    });
    expect(previewOf(messageIn('c', 1, { deleted: true, content: '' })).kind).toBe('deleted');
    expect(previewOf(messageIn('c', 1, { contentType: 'image', content: 'x.png' })).kind).toBe(
      'image',
    );
    const attachment = {
      id: 'f',
      name: 'report.pdf',
      size: 10,
      mimeType: 'application/pdf',
      url: '/api/chat-social-msg/files/f',
    };
    expect(previewOf(messageIn('c', 1, { contentType: 'file', attachment }))).toEqual({
      kind: 'file',
      text: 'report.pdf',
    });
  });
});

describe('the order of the list', () => {
  const at = (minute: number) => `2026-03-01T10:${String(minute).padStart(2, '0')}:00.000Z`;

  it('puts pinned chats first in pinned order, then the rest newest first', () => {
    const chats = [
      chatWith('old', { lastTime: at(1) }),
      chatWith('new', { lastTime: at(9) }),
      chatWith('pinnedSecond', { lastTime: at(0), isPinned: true, pinnedOrder: 2 }),
      chatWith('pinnedFirst', { lastTime: at(2), isPinned: true, pinnedOrder: 1 }),
      chatWith('empty', { lastMessage: null, lastTime: null, createdAt: at(5) }),
    ];
    expect(orderChats(chats).map((chat) => chat.name)).toEqual([
      'pinnedFirst',
      'pinnedSecond',
      'new',
      'empty',
      'old',
    ]);
    // The input is left as it was.
    expect(chats[0]?.name).toBe('old');
  });
});

describe('searching the list', () => {
  const chats = [
    chatWith('Alice'),
    chatWith('bob', { nickname: 'Builder' }),
    chatWith('cat', { lastMessage: messageIn('chat-cat', 3, { content: 'See you at NOON' }) }),
    chatWith('dan', { lastMessage: messageIn('chat-dan', 2, { deleted: true, content: '' }) }),
  ];
  const names = (query: string) => searchChats(chats, query).map((chat) => chat.name);

  it('matches name, nickname and last message, ignoring case', () => {
    expect(names('ALI')).toEqual(['Alice']);
    expect(names('build')).toEqual(['bob']);
    expect(names('noon')).toEqual(['cat']);
    expect(names('zzz')).toEqual([]);
  });

  it('shows every chat for an empty or blank query', () => {
    expect(names('')).toHaveLength(4);
    expect(names('   ')).toHaveLength(4);
  });
});
