import { LogOut, ShieldCheck } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { Suspense, useContext, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '@/components/ui/avatar';
import { toast } from '@/components/ui/toast-store';
import { useLogout } from '@/lib/auth/use-logout';
import { useSession } from '@/lib/auth/use-session';
import { AccountDialogSlot } from './account-dialog-slot';

export function UserMenu() {
  const { t } = useTranslation();
  const { user } = useSession();
  const logout = useLogout();
  const [accountOpen, setAccountOpen] = useState(false);
  const AccountDialog = useContext(AccountDialogSlot);
  if (!user) return null;

  const itemClasses =
    'flex cursor-default items-center gap-2 rounded-md px-2 py-1.5 outline-none data-[disabled]:opacity-50 data-[highlighted]:bg-surface-muted';

  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger
          aria-label={t('userMenu.label')}
          className="inline-flex items-center gap-2 rounded-full p-0.5 pr-2 text-sm hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-secondary"
        >
          <Avatar name={user.username} size={28} />
          <span className="hidden max-w-32 truncate sm:inline">{user.username}</span>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={6}
            className="z-50 min-w-48 rounded-lg border border-border bg-surface p-1 text-sm text-fg shadow-lg"
          >
            <DropdownMenu.Label className="px-2 py-1.5 text-xs text-fg-muted">
              {t('userMenu.signedInAs', { username: user.username })}
            </DropdownMenu.Label>
            <DropdownMenu.Separator className="my-1 h-px bg-border" />
            {AccountDialog ? (
              <DropdownMenu.Item onSelect={() => setAccountOpen(true)} className={itemClasses}>
                <ShieldCheck aria-hidden className="size-4" />
                {t('userMenu.account')}
              </DropdownMenu.Item>
            ) : null}
            <DropdownMenu.Item
              disabled={logout.isPending}
              onSelect={() =>
                logout.mutate(undefined, {
                  onError: () => toast({ title: t('userMenu.logoutFailed'), variant: 'error' }),
                })
              }
              className={itemClasses}
            >
              <LogOut aria-hidden className="size-4" />
              {t('userMenu.logout')}
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {AccountDialog && accountOpen ? (
        <Suspense fallback={null}>
          <AccountDialog username={user.username} open onOpenChange={setAccountOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
