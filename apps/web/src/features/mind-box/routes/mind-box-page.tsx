import { Bot } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { DocumentTitle } from '@/components/document-title';
import { EmptyState } from '@/components/ui/empty-state';
import { MessageListFrame } from '../components/message-list-frame';

/** /agents/mindBox: the AI chat screen. */
export function MindBoxPage() {
  const { t } = useTranslation('mindBox');
  return (
    <>
      <DocumentTitle title={t('title')} />
      <h1 className="sr-only">{t('title')}</h1>
      <MessageListFrame label={t('title')}>
        <div className="my-auto">
          <EmptyState icon={Bot} title={t('empty')} text={t('emptyText')} />
        </div>
      </MessageListFrame>
    </>
  );
}
