import type { Contact } from '@confab/protocol/contacts';

/** The four sections of the contact list (docs/product.md#contacts-panel). */
export interface ContactSections {
  /** 新的好友请求: pending, addressed to the user. */
  incoming: Contact[];
  /** 我的联系人: accepted, plus those the user blocked (only the blocker sees a block). */
  friends: Contact[];
  /** 已发送的请求: pending, sent by the user. */
  outgoing: Contact[];
  /** 已拒绝的请求: rejected, whoever rejected. */
  rejected: Contact[];
}

export function groupContacts(contacts: readonly Contact[]): ContactSections {
  const sections: ContactSections = { incoming: [], friends: [], outgoing: [], rejected: [] };
  for (const contact of contacts) {
    switch (contact.status) {
      case 'pending':
        (contact.direction === 'incoming' ? sections.incoming : sections.outgoing).push(contact);
        break;
      case 'accepted':
      case 'blocked':
        sections.friends.push(contact);
        break;
      case 'rejected':
        sections.rejected.push(contact);
        break;
    }
  }
  return sections;
}
