import type { Contact } from '@confab/protocol/contacts';
import { describe, expect, it } from 'vitest';
import { groupContacts } from '@/features/contacts/lib/group-contacts';

let n = 0;
function contact(status: Contact['status'], direction: Contact['direction']): Contact {
  n += 1;
  return {
    id: `c${n}`,
    status,
    direction,
    senderId: 's',
    senderUsername: 'sender',
    receiverId: 'r',
    receiverUsername: 'receiver',
    otherUserId: 'o',
    otherUsername: 'other',
    otherDisplayName: null,
    otherAvatar: null,
    blockedBy: status === 'blocked' ? 'me' : null,
    chatId: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

describe('groupContacts', () => {
  it('puts each request in its section of ListContact, keeping the order', () => {
    const incoming = contact('pending', 'incoming');
    const outgoing = contact('pending', 'outgoing');
    const friendA = contact('accepted', 'outgoing');
    const blocked = contact('blocked', 'incoming');
    const friendB = contact('accepted', 'incoming');
    const rejectedByThem = contact('rejected', 'outgoing');
    const rejectedByMe = contact('rejected', 'incoming');
    expect(
      groupContacts([incoming, friendA, outgoing, blocked, rejectedByThem, friendB, rejectedByMe]),
    ).toEqual({
      incoming: [incoming],
      friends: [friendA, blocked, friendB],
      outgoing: [outgoing],
      rejected: [rejectedByThem, rejectedByMe],
    });
  });

  it('gives four empty sections for no contacts', () => {
    expect(groupContacts([])).toEqual({ incoming: [], friends: [], outgoing: [], rejected: [] });
  });
});
