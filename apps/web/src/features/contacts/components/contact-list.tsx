import type { Contact } from '@confab/protocol/contacts';
import { RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast-store';
import { useChangeContact, type ContactChangeOperation } from '../api/change-contact';
import { useContacts } from '../api/get-contacts';
import { useOpenContactChat } from '../api/open-chat';
import { groupContacts } from '../lib/group-contacts';
import { ContactSectionsView } from './contact-sections';
import { errorText } from '@/lib/error-text';

/** The ListContact tab: spinner, error alert, empty state, or the four sections; and 刷新列表. */
export function ContactList() {
  const { t } = useTranslation('contacts');
  const contacts = useContacts();
  // A failed accept or reject shows a toast (docs/product.md#client-errors), more use than a log.
  const change = useChangeContact({
    onError: (error, { operation }) =>
      toast({ variant: 'error', title: t(`failures.${operation}`), description: errorText(error) }),
  });
  const openChat = useOpenContactChat({
    onError: (error) =>
      toast({ variant: 'error', title: t('failures.chat'), description: errorText(error) }),
  });
  const busyId =
    (change.isPending ? change.variables.contactId : undefined) ??
    (openChat.isPending ? openChat.variables : undefined);

  let body;
  if (contacts.isPending) {
    body = <Spinner label={t('list.loading')} className="self-center py-6" />;
  } else if (contacts.isError) {
    body = <Alert variant="error" title={t('list.loadFailed')} />;
  } else if (contacts.data.length === 0) {
    body = (
      <Alert variant="info" title={t('list.emptyTitle')}>
        {t('list.emptyText')}
      </Alert>
    );
  } else {
    body = (
      <ContactSectionsView
        sections={groupContacts(contacts.data)}
        busyId={busyId}
        onChange={(operation: ContactChangeOperation, contact: Contact) =>
          change.mutate({ operation, contactId: contact.id })
        }
        onOpenChat={(contact) => openChat.mutate(contact.id)}
      />
    );
  }

  return (
    <div className="flex flex-col gap-4">
      {body}
      <Button
        variant="outline"
        className="self-start"
        disabled={contacts.isFetching}
        onClick={() => void contacts.refetch()}
      >
        <RefreshCw aria-hidden className={contacts.isFetching ? 'size-4 animate-spin' : 'size-4'} />
        {t('list.refresh')}
      </Button>
    </div>
  );
}
