import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';

export function AppLoading() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-[50dvh] items-center justify-center">
      <Spinner label={t('loading')} />
    </div>
  );
}
