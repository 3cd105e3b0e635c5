import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/page-heading';
import { SortableColors } from '../components/sortable-colors';

/** /test/draggable: a list reordered by pointer or keyboard. */
export function DraggablePage() {
  const { t } = useTranslation('testBench');
  return (
    <div className="flex flex-col gap-4">
      <PageHeading title={t('draggable.title')}>{t('draggable.intro')}</PageHeading>
      <SortableColors />
    </div>
  );
}
