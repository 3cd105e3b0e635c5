import type { SocialMessage } from '@confab/protocol/social-chat';
import { beforeEach, describe, expect, it } from 'vitest';
import { getChatLog, useMessagesStore } from '@/features/social-chat/stores/messages-store';

const message = (seq: number, sender: string): SocialMessage => ({
  _id: `m-${seq}`,
  chatId: 'chat-1',
  seq,
  sender,
  senderUsername: sender,
  content: `message ${seq}`,
  contentType: 'text',
  attachment: null,
  clientId: `c-${seq}`,
  timestamp: new Date(1_700_000_000_000 + seq).toISOString(),
  editedAt: null,
  deleted: false,
  isRead: false,
});

const readFlags = () => getChatLog('chat-1').messages.map((m) => [m.seq, m.sender, m.isRead]);

describe('the read marks of the other side', () => {
  beforeEach(() => useMessagesStore.setState({ logs: {} }));

  it("marks the viewer's messages held up to the mark, not the other side's or later ones", () => {
    const { merge, readByOther } = useMessagesStore.getState();
    merge('chat-1', [message(1, 'alice'), message(2, 'bob'), message(3, 'alice')]);
    readByOther('chat-1', 'alice', 2);
    expect(readFlags()).toEqual([
      [1, 'alice', true],
      [2, 'bob', false],
      [3, 'alice', false],
    ]);
  });

  it('marks a message of the viewer that arrives after the mark (a late acknowledgement)', () => {
    const { merge, readByOther } = useMessagesStore.getState();
    merge('chat-1', [message(1, 'bob')]);
    readByOther('chat-1', 'alice', 2);
    merge('chat-1', [message(2, 'alice'), message(3, 'alice')]);
    expect(readFlags()).toEqual([
      [1, 'bob', false],
      [2, 'alice', true],
      [3, 'alice', false],
    ]);
  });

  it('keeps the highest mark when an older one arrives after a newer one', () => {
    const { merge, readByOther } = useMessagesStore.getState();
    readByOther('chat-1', 'alice', 5);
    readByOther('chat-1', 'alice', 3);
    merge('chat-1', [message(4, 'alice'), message(6, 'alice')]);
    expect(readFlags()).toEqual([
      [4, 'alice', true],
      [6, 'alice', false],
    ]);
  });
});
