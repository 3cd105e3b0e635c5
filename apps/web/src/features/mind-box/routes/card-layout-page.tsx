import { LayoutList } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { MessageListFrame } from '../components/message-list-frame';
import { PreviewShell } from '../components/preview-shell';

/** /agents/mindBox/CardLayout: the AI chat's message layout, rendered alone. */
export function CardLayoutPage() {
  const { t } = useTranslation('mindBox');
  return (
    <PreviewShell title={t('cardLayout.title')}>
      <MessageListFrame label={t('cardLayout.title')}>
        <div className="my-auto">
          <EmptyState
            icon={LayoutList}
            title={t('cardLayout.empty')}
            text={t('cardLayout.emptyText')}
          />
        </div>
      </MessageListFrame>
    </PreviewShell>
  );
}
