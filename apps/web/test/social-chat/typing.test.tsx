import { typingExpiryMs } from '@confab/protocol/social-chat';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useTyping } from '@/features/social-chat/hooks/use-typing';
import { fakeSocket } from '../helpers/fake-socket';

vi.mock('socket.io-client', () => import('../helpers/fake-socket'));

describe('typing indicators', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    fakeSocket.emitted.length = 0;
    fakeSocket.connect();
  });
  afterEach(() => {
    fakeSocket.disconnect();
    vi.useRealTimers();
  });

  it("shows the other's typing in this chat only, and it expires by itself", () => {
    const { result } = renderHook(() => useTyping('chat-1', 'me'));
    const notice = (over: object) =>
      act(() =>
        fakeSocket.receive('typing', {
          chatId: 'chat-1',
          userId: 'bob',
          username: 'bob',
          isTyping: true,
          ...over,
        }),
      );
    notice({ chatId: 'chat-2' });
    notice({ userId: 'me', username: 'me' });
    expect(result.current.typist).toBeNull();
    notice({});
    expect(result.current.typist).toBe('bob');
    act(() => {
      vi.advanceTimersByTime(typingExpiryMs - 1);
    });
    expect(result.current.typist).toBe('bob');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current.typist).toBeNull();
    notice({});
    notice({ isTyping: false });
    expect(result.current.typist).toBeNull();
  });

  it('joins the chat, says it is typing (not on every key) and stops on send or blur', () => {
    const { result, unmount } = renderHook(() => useTyping('chat-1', 'me'));
    expect(fakeSocket.emitted[0]).toEqual(['join_chats', { chatIds: ['chat-1'] }]);
    const typing = () => fakeSocket.emitted.filter(([event]) => event === 'typing');
    act(() => {
      result.current.reportText('h');
      result.current.reportText('he');
      result.current.reportText('hel');
    });
    expect(typing()).toEqual([['typing', { chatId: 'chat-1', isTyping: true }]]);
    // Still typing later: said again before the other side's indicator would expire.
    act(() => {
      vi.advanceTimersByTime(typingExpiryMs / 2);
    });
    act(() => result.current.reportText('hell'));
    expect(typing()).toHaveLength(2);
    act(() => result.current.stop());
    expect(typing().at(-1)).toEqual(['typing', { chatId: 'chat-1', isTyping: false }]);
    // Nothing more to stop.
    act(() => result.current.stop());
    expect(typing()).toHaveLength(3);
    unmount();
    expect(fakeSocket.emitted.at(-1)).toEqual(['leave_chats', { chatIds: ['chat-1'] }]);
  });

  it('says typing done before the connection was up once it is, unless it ended meanwhile', () => {
    fakeSocket.disconnect();
    const { result } = renderHook(() => useTyping('chat-1', 'me'));
    const typing = () => fakeSocket.emitted.filter(([event]) => event === 'typing');
    act(() => result.current.reportText('hello'));
    expect(typing()).toEqual([]);
    act(() => {
      fakeSocket.connect();
    });
    expect(fakeSocket.emitted).toEqual([
      ['join_chats', { chatIds: ['chat-1'] }],
      ['typing', { chatId: 'chat-1', isTyping: true }],
    ]);
    // Cleared while the connection was away: nothing is said when it returns.
    act(() => {
      fakeSocket.disconnect();
      result.current.reportText('');
      fakeSocket.connect();
    });
    expect(typing()).toHaveLength(1);
    // Typed too long ago (the other side's indicator would have expired): not said either.
    act(() => {
      fakeSocket.disconnect();
      result.current.reportText('again');
      vi.advanceTimersByTime(typingExpiryMs);
      fakeSocket.connect();
    });
    expect(typing()).toHaveLength(1);
  });

  it('says nothing into a read-only chat, not even that typing ended', () => {
    const { result, rerender, unmount } = renderHook(
      ({ writable }) => useTyping('chat-1', 'me', writable),
      { initialProps: { writable: true } },
    );
    const typing = () => fakeSocket.emitted.filter(([event]) => event === 'typing');
    act(() => result.current.reportText('hel'));
    expect(typing()).toHaveLength(1);
    // Blocked or removed while typing: the other side's indicator expires by itself.
    rerender({ writable: false });
    act(() => {
      result.current.reportText('hello');
      result.current.stop();
    });
    act(() => {
      fakeSocket.disconnect();
      fakeSocket.connect();
    });
    unmount();
    expect(typing()).toHaveLength(1);
  });

  it('is in the chat on the socket only while it is writable, and joins again once it is', () => {
    const { result, rerender } = renderHook(({ writable }) => useTyping('chat-1', 'me', writable), {
      initialProps: { writable: false },
    });
    const joins = () => fakeSocket.emitted.filter(([event]) => event === 'join_chats');
    act(() => {
      fakeSocket.disconnect();
      fakeSocket.connect();
    });
    expect(joins()).toEqual([]);
    // Unblocked: the server had taken the tab out of the chat's room, so it joins again.
    rerender({ writable: true });
    expect(joins()).toEqual([['join_chats', { chatIds: ['chat-1'] }]]);
    act(() =>
      fakeSocket.receive('typing', {
        chatId: 'chat-1',
        userId: 'bob',
        username: 'bob',
        isTyping: true,
      }),
    );
    expect(result.current.typist).toBe('bob');
    // Read-only again: out of the room, and no indicator is left showing.
    rerender({ writable: false });
    expect(fakeSocket.emitted.at(-1)).toEqual(['leave_chats', { chatIds: ['chat-1'] }]);
    expect(result.current.typist).toBeNull();
  });
});
