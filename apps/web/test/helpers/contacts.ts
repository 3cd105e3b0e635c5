import type { Contact } from '@confab/protocol/contacts';
import { act } from '@testing-library/react';
import { changeLanguage } from '@/lib/i18n/i18n';
import { alice, json } from './fake-server';

const me = 'user' in alice ? alice.user : { id: 'u-1', username: 'alice' };
let counter = 0;

/** A request between alice (the signed-in user) and `other`, as alice's list shows it. */
export function contactWith(
  other: string,
  status: Contact['status'],
  direction: Contact['direction'],
  extra: Partial<Contact> = {},
): Contact {
  counter += 1;
  const outgoing = direction === 'outgoing';
  const otherId = `${other}-id`;
  return {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    status,
    direction,
    senderId: outgoing ? me.id : otherId,
    senderUsername: outgoing ? me.username : other,
    receiverId: outgoing ? otherId : me.id,
    receiverUsername: outgoing ? other : me.username,
    otherUserId: otherId,
    otherUsername: other,
    otherDisplayName: null,
    otherAvatar: null,
    blockedBy: status === 'blocked' ? me.id : null,
    chatId: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...extra,
  };
}

export const envelope = (data: unknown) => json({ statusCode: 200, data });

/** The page in Chinese, the language of the product's texts (docs/product.md#ui-texts). */
export async function inChinese(): Promise<void> {
  await act(() => changeLanguage('zh-CN'));
}

export async function backToEnglish(): Promise<void> {
  await act(() => changeLanguage('en'));
}
