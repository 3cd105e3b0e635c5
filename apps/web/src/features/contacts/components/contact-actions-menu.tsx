import type { Contact } from '@confab/protocol/contacts';
import { Ellipsis } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BlockConfirmDialog } from '@/components/block-confirm-dialog';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import type { ContactChangeOperation } from '../api/change-contact';

type MenuOperation = Extract<ContactChangeOperation, 'remove' | 'block' | 'unblock'>;

/** What a contact's menu offers: a blocked contact can only be unblocked (never silently removed). */
function operationsFor(contact: Contact): MenuOperation[] {
  if (contact.status === 'blocked') return ['unblock'];
  return ['remove', 'block'];
}

/** Remove, block or unblock a contact, each after a confirmation. */
export function ContactActionsMenu({
  contact,
  disabled,
  onChange,
}: {
  contact: Contact;
  disabled?: boolean;
  onChange: (operation: MenuOperation) => void;
}) {
  const { t } = useTranslation('contacts');
  const [confirming, setConfirming] = useState<MenuOperation | null>(null);
  const name = contact.otherUsername;
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            variant="ghost"
            size="icon"
            disabled={disabled}
            aria-label={t('menu.label', { name })}
          >
            <Ellipsis aria-hidden className="size-4" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          {operationsFor(contact).map((operation) => (
            <DropdownMenuItem
              key={operation}
              destructive={operation !== 'unblock'}
              onSelect={() => setConfirming(operation)}
            >
              {t(`menu.${operation}`)}
            </DropdownMenuItem>
          ))}
        </DropdownMenuContent>
      </DropdownMenu>
      {confirming === 'remove' ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => {
            if (!open) setConfirming(null);
          }}
          title={t('confirm.remove.title', { name })}
          description={t('confirm.remove.text', { name })}
          confirmLabel={t('confirm.remove.confirm')}
          cancelLabel={t('confirm.cancel')}
          destructive
          onConfirm={() => onChange('remove')}
        />
      ) : confirming ? (
        <BlockConfirmDialog
          change={confirming}
          name={name}
          onOpenChange={(open) => {
            if (!open) setConfirming(null);
          }}
          onConfirm={() => onChange(confirming)}
        />
      ) : null}
    </>
  );
}
