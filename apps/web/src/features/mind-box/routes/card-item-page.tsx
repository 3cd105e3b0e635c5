import { MessageSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { PreviewShell } from '../components/preview-shell';

/** /agents/mindBox/CardItem: one message card of the AI chat, rendered alone. */
export function CardItemPage() {
  const { t } = useTranslation('mindBox');
  return (
    <PreviewShell title={t('cardItem.title')}>
      <EmptyState icon={MessageSquare} title={t('cardItem.empty')} text={t('cardItem.emptyText')} />
    </PreviewShell>
  );
}
