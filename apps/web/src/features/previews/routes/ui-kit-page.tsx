import { useTranslation } from 'react-i18next';
import { PublicHeader } from '@/components/app-header/public-header';
import { PageHeading } from '@/components/page-heading';
import { TooltipProvider } from '@/components/ui/tooltip';
import { KitBasics } from '../components/kit-basics';
import { KitOverlays } from '../components/kit-overlays';

/** /__preview: every part of the UI kit on one page, open to everyone. */
export function UiKitPage() {
  const { t } = useTranslation('previews');
  return (
    <TooltipProvider>
      <div className="flex min-h-dvh flex-col">
        <PublicHeader />
        <main className="mx-auto flex w-full max-w-4xl flex-col gap-10 px-4 py-8">
          <PageHeading title={t('uiKit.title')}>{t('uiKit.intro')}</PageHeading>
          <KitBasics />
          <KitOverlays />
        </main>
      </div>
    </TooltipProvider>
  );
}
