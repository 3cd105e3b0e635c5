import type { SocialMessage } from '@confab/protocol/social-chat';
import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '@/features/social-chat/lib/outbox-entry';
import {
  catchUpCursor,
  mergeMessages,
  roomMessages,
} from '@/features/social-chat/lib/message-order';
import { roomRows } from '@/features/social-chat/lib/message-rows';
import { fileProblem, formatSize, sendProblem } from '@/features/social-chat/lib/send-rules';

const base = Date.UTC(2026, 0, 1, 12, 0, 0);
const message = (seq: number, over: Partial<SocialMessage> = {}): SocialMessage => ({
  _id: `m${seq}`,
  chatId: 'c1',
  seq,
  sender: seq % 2 ? 'alice' : 'bob',
  senderUsername: seq % 2 ? 'alice' : 'bob',
  content: `text ${seq}`,
  contentType: 'text',
  attachment: null,
  clientId: `client-${seq}`,
  timestamp: new Date(base + seq * 60_000).toISOString(),
  editedAt: null,
  deleted: false,
  isRead: false,
  ...over,
});

const entry = (clientId: string, over: Partial<OutboxEntry> = {}): OutboxEntry => ({
  clientId,
  userId: 'alice',
  chatId: 'c1',
  content: `pending ${clientId}`,
  contentType: 'text',
  createdAt: base + 3_600_000,
  status: 'sending',
  error: null,
  file: null,
  attachment: null,
  ...over,
});

describe('message order and dedupe', () => {
  it('keeps one copy per id in seq order, whatever order pages and events arrive in', () => {
    const latest = [message(3), message(4), message(5)];
    const withEvent = mergeMessages(latest, [message(6), message(4)]);
    const withOlder = mergeMessages(withEvent, [message(1), message(2), message(3)]);
    expect(withOlder.map((m) => m.seq)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(catchUpCursor(withOlder)).toBe(6);
    expect(catchUpCursor([])).toBe(0);
  });

  it('catches up from before a gap: a later event does not hide a missed one', () => {
    // Seq 7 and 8 were missed while the connection dropped; 9 came live.
    const held = mergeMessages([message(4), message(5), message(6)], [message(9)]);
    expect(catchUpCursor(held)).toBe(6);
    const filled = mergeMessages(held, [message(7), message(8), message(9)]);
    expect(catchUpCursor(filled)).toBe(9);
  });

  it('an edit or deletion is not undone by an older copy arriving late', () => {
    const edited = message(2, { content: 'new', editedAt: new Date(base + 999_999).toISOString() });
    const deleted = message(3, { content: '', deleted: true });
    let held = mergeMessages([message(2), message(3)], [edited, deleted]);
    held = mergeMessages(held, [message(2), message(3)]);
    expect(held.map((m) => [m.content, m.deleted])).toEqual([
      ['new', false],
      ['', true],
    ]);
  });

  it('shows a pending message after the stored ones, once its stored copy arrives only that', () => {
    const user = { id: 'alice', username: 'alice' };
    const pending = [entry('p1'), entry('p2', { status: 'error', error: 'refused' })];
    const before = roomMessages([message(1), message(2)], pending, user, 'c1');
    expect(before.map((m) => [m.id, m.status])).toEqual([
      ['m1', 'sent'],
      ['m2', 'sent'],
      ['temp-p1', 'sending'],
      ['temp-p2', 'error'],
    ]);
    const storedCopy = message(3, { clientId: 'p1', sender: 'alice' });
    const after = roomMessages([message(1), message(2), storedCopy], pending, user, 'c1');
    expect(after.map((m) => [m.id, m.status])).toEqual([
      ['m1', 'sent'],
      ['m2', 'sent'],
      ['m3', 'sent'],
      ['temp-p2', 'error'],
    ]);
    // The row keeps its key from sending to sent, so it is not rebuilt.
    expect(after[2]?.key).toBe(before[2]?.key);
    // Other chats' and other users' pending messages are not shown here.
    expect(
      roomMessages([], [entry('x', { chatId: 'c2' }), entry('y', { userId: 'bob' })], user, 'c1'),
    ).toEqual([]);
  });
});

describe('time separators', () => {
  it('come first and wherever 5 minutes or more pass', () => {
    const user = { id: 'alice', username: 'alice' };
    const at = (seq: number, ms: number) =>
      message(seq, { timestamp: new Date(base + ms).toISOString() });
    const rows = roomRows(
      roomMessages([at(1, 0), at(2, 299_999), at(3, 599_998), at(4, 899_998)], [], user, 'c1'),
    );
    expect(rows.map((r) => (r.type === 'message' ? r.message.id : '|'))).toEqual([
      '|',
      'm1',
      'm2',
      'm3',
      '|',
      'm4',
    ]);
    expect(roomRows([])).toEqual([]);
  });
});

describe('send rules', () => {
  it('needs non-blank text, a chat and a user; at most 2000 characters', () => {
    expect(sendProblem({ text: 'hi', chatId: 'c', userId: 'u' })).toBeNull();
    expect(sendProblem({ text: '  \n', chatId: 'c', userId: 'u' })).toBe('missing');
    expect(sendProblem({ text: 'hi', chatId: null, userId: 'u' })).toBe('missing');
    expect(sendProblem({ text: 'hi', chatId: 'c', userId: null })).toBe('missing');
    expect(sendProblem({ text: 'x'.repeat(2000), chatId: 'c', userId: 'u' })).toBeNull();
    expect(sendProblem({ text: 'x'.repeat(2001), chatId: 'c', userId: 'u' })).toBe('tooLong');
  });

  it('refuses files over the cap, of types not allowed, or empty', () => {
    expect(fileProblem({ size: 10, type: 'image/png', name: 'a.png' })).toBeNull();
    expect(fileProblem({ size: 10 * 1024 * 1024 + 1, type: 'image/png', name: 'a.png' })).toBe(
      'tooBig',
    );
    expect(fileProblem({ size: 10, type: 'text/html', name: 'a.html' })).toBe('type');
    expect(fileProblem({ size: 10, type: 'image/svg+xml', name: 'a.svg' })).toBe('type');
    expect(fileProblem({ size: 10, type: '', name: 'noname' })).toBe('type');
    expect(fileProblem({ size: 0, type: 'image/png', name: 'a.png' })).toBe('empty');
    // Named for what they are, whatever the browser calls their type (HEIC: often nothing).
    for (const name of ['a.docx', 'a.xlsx', 'a.pptx', 'a.odt', 'a.mp3', 'a.ogg', 'a.m4a']) {
      expect(fileProblem({ size: 10, type: '', name })).toBeNull();
    }
    for (const name of ['a.wav', 'a.mp4', 'a.webm', 'a.HEIC', 'a.heif', 'a.pdf']) {
      expect(fileProblem({ size: 10, type: '', name })).toBeNull();
    }
    expect(formatSize(1536)).toBe('1.5 KB');
    expect(formatSize(10 * 1024 * 1024)).toBe('10 MB');
  });
});
