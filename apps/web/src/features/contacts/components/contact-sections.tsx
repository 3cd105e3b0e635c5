import type { Contact } from '@confab/protocol/contacts';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { ContactChangeOperation } from '../api/change-contact';
import type { ContactSections as Sections } from '../lib/group-contacts';
import { ContactActionsMenu } from './contact-actions-menu';
import { ContactRow, ContactSection } from './contact-row';
import { FriendPresence } from './friend-presence';

const identity = (contact: Contact) => ({
  displayName: contact.otherDisplayName,
  avatar: contact.otherAvatar,
});

export interface ContactSectionsProps {
  sections: Sections;
  /** The request being changed or opened: its buttons wait for the answer. */
  busyId: string | undefined;
  onChange: (operation: ContactChangeOperation, contact: Contact) => void;
  onOpenChat: (contact: Contact) => void;
}

/** ListContact's four sections, labels, buttons and badges (docs/product.md#contacts-panel). */
export function ContactSectionsView({
  sections,
  busyId,
  onChange,
  onOpenChat,
}: ContactSectionsProps) {
  const { t } = useTranslation('contacts');
  const menu = (contact: Contact) => (
    <ContactActionsMenu
      contact={contact}
      disabled={busyId === contact.id}
      onChange={(operation) => onChange(operation, contact)}
    />
  );
  return (
    <div className="flex flex-col gap-6">
      <ContactSection title={t('list.incoming')} count={sections.incoming.length}>
        {sections.incoming.map((contact) => (
          <ContactRow key={contact.id} name={contact.senderUsername} {...identity(contact)}>
            <Button
              size="sm"
              disabled={busyId === contact.id}
              onClick={() => onChange('accept', contact)}
            >
              {t('list.accept')}
            </Button>
            <Button
              size="sm"
              variant="outline"
              disabled={busyId === contact.id}
              onClick={() => onChange('reject', contact)}
            >
              {t('list.reject')}
            </Button>
            {menu(contact)}
          </ContactRow>
        ))}
      </ContactSection>

      <ContactSection title={t('list.contacts')} count={sections.friends.length}>
        {sections.friends.map((contact) => (
          <ContactRow
            key={contact.id}
            name={contact.otherUsername}
            {...identity(contact)}
            detail={
              contact.status === 'accepted' ? <FriendPresence userId={contact.otherUserId} /> : null
            }
          >
            {contact.status === 'blocked' ? (
              <Badge variant="error">{t('list.blocked')}</Badge>
            ) : (
              <Button
                size="sm"
                variant="ghost"
                disabled={busyId === contact.id}
                onClick={() => onOpenChat(contact)}
              >
                {t('list.alreadyFriends')}
              </Button>
            )}
            {menu(contact)}
          </ContactRow>
        ))}
      </ContactSection>

      <ContactSection title={t('list.outgoing')} count={sections.outgoing.length}>
        {sections.outgoing.map((contact) => (
          <ContactRow key={contact.id} name={contact.receiverUsername} {...identity(contact)}>
            <Badge variant="warning">{t('list.waiting')}</Badge>
            {menu(contact)}
          </ContactRow>
        ))}
      </ContactSection>

      <ContactSection title={t('list.rejected')} count={sections.rejected.length}>
        {sections.rejected.map((contact) => (
          <ContactRow key={contact.id} name={contact.otherUsername}>
            <span className="text-sm text-fg-muted">
              {contact.direction === 'outgoing'
                ? t('list.rejectedByOther')
                : t('list.rejectedByYou')}
            </span>
            {menu(contact)}
          </ContactRow>
        ))}
      </ContactSection>
    </div>
  );
}
