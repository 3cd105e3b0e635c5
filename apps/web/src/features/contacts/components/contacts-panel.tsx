import { useTranslation } from 'react-i18next';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { AddContactForm } from './add-contact-form';
import { ContactList } from './contact-list';

/** The two tabs, ListContact and AddContact; shown on the page and again in the drawer. */
export function ContactsPanel() {
  const { t } = useTranslation('contacts');
  return (
    <Tabs defaultValue="list" className="w-full">
      <TabsList aria-label={t('tabs.label')}>
        <TabsTrigger value="list">{t('tabs.list')}</TabsTrigger>
        <TabsTrigger value="add">{t('tabs.add')}</TabsTrigger>
      </TabsList>
      <TabsContent value="list">
        <ContactList />
      </TabsContent>
      <TabsContent value="add">
        <AddContactForm />
      </TabsContent>
    </Tabs>
  );
}
