import { FlaskConical } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { PreviewShell } from '../components/preview-shell';

/** /agents/mindBox/testData: sample conversations for the message layout. */
export function TestDataPage() {
  const { t } = useTranslation('mindBox');
  return (
    <PreviewShell title={t('testData.title')}>
      <EmptyState icon={FlaskConical} title={t('testData.empty')} text={t('testData.emptyText')} />
    </PreviewShell>
  );
}
