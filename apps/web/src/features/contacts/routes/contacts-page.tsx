import { UserPlus } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/page-heading';
import { Button } from '@/components/ui/button';
import {
  Drawer,
  DrawerContent,
  DrawerDescription,
  DrawerTitle,
  DrawerTrigger,
} from '@/components/ui/drawer';
import { ContactsPanel } from '../components/contacts-panel';
import { useLiveContacts } from '../hooks/use-live-contacts';
import { useToggleHotkey } from '../hooks/use-toggle-hotkey';

/**
 * /contacts (docs/product.md#contacts-panel). The same tabs open in a bottom drawer from the
 * ghost user-plus button or the key o; the drawer closes past 25 % drag, on a flick, an outside
 * click or Escape (vaul's defaults, see components/ui/drawer).
 */
export function ContactsPage() {
  const { t } = useTranslation('contacts');
  const [drawerOpen, setDrawerOpen] = useState(false);
  const toggleDrawer = useCallback(() => setDrawerOpen((open) => !open), []);
  useToggleHotkey('o', toggleDrawer);
  useLiveContacts();

  return (
    <div className="mx-auto w-full max-w-2xl">
      <div className="flex items-start justify-between gap-4">
        <PageHeading title={t('title')} />
        <Drawer open={drawerOpen} onOpenChange={setDrawerOpen}>
          <DrawerTrigger asChild>
            <Button variant="ghost" size="icon" aria-label={t('openPanel')}>
              <UserPlus aria-hidden className="size-5" />
            </Button>
          </DrawerTrigger>
          <DrawerContent aria-label={t('drawer.label')}>
            <div className="mx-auto flex w-full max-w-2xl flex-col gap-2 overflow-y-auto pb-6">
              <DrawerTitle>{t('title')}</DrawerTitle>
              <DrawerDescription>{t('drawer.hint')}</DrawerDescription>
              <ContactsPanel />
            </div>
          </DrawerContent>
        </Drawer>
      </div>
      <ContactsPanel />
    </div>
  );
}
