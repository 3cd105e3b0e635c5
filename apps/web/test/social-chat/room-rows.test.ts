import { describe, expect, it } from 'vitest';
import type { RoomMessage } from '@/features/social-chat/lib/message-order';
import { roomRows } from '@/features/social-chat/lib/message-rows';

const minute = 60_000;
const start = Date.UTC(2026, 2, 1, 9);
let n = 0;
const msg = (sender: string, at: number, over: Partial<RoomMessage> = {}): RoomMessage => {
  n += 1;
  return {
    key: `k${n}`,
    id: `m${n}`,
    status: 'sent',
    error: null,
    seq: n,
    clientId: `c${n}`,
    sender,
    senderUsername: sender,
    content: `text ${n}`,
    contentType: 'text',
    attachment: null,
    timestamp: start + at * minute,
    edited: false,
    deleted: false,
    isRead: false,
    ...over,
  };
};

const shape = (rows: ReturnType<typeof roomRows>) =>
  rows.map((row) =>
    row.type === 'message'
      ? `${row.message.sender}${row.first ? '^' : ''}${row.last ? '$' : ''}`
      : row.type,
  );

describe('the rows of the chat room', () => {
  it('groups a sender’s messages a few minutes apart: the name on the first, the time on the last', () => {
    const rows = roomRows([
      msg('bob', 0),
      msg('bob', 1),
      msg('bob', 2),
      msg('me', 2),
      msg('bob', 3),
      msg('bob', 7), // more than 3 minutes after the previous one: a new group
      msg('bob', 20), // 5 minutes or more: a time line, and a new group
    ]);
    expect(shape(rows)).toEqual([
      'timeLine',
      'bob^',
      'bob',
      'bob$',
      'me^$',
      'bob^$',
      'bob^$',
      'timeLine',
      'bob^$',
    ]);
  });

  it('puts the new-messages line before the first unread message, which starts a group', () => {
    const messages = [msg('bob', 0), msg('bob', 1), msg('bob', 2)];
    const rows = roomRows(messages, messages[1]!.key);
    expect(shape(rows)).toEqual(['timeLine', 'bob^$', 'unread', 'bob^', 'bob$']);
    expect(shape(roomRows(messages, 'gone'))).toEqual(['timeLine', 'bob^', 'bob', 'bob$']);
  });
});
