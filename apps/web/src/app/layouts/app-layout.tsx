import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { AppHeader } from '@/components/app-header/app-header';
import { TooltipProvider } from '@/components/ui/tooltip';
import { AppLoading } from './app-loading';

/** Header and content frame of the signed-in pages. */
export function AppLayout() {
  const { t } = useTranslation();
  return (
    <TooltipProvider>
      <div className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-surface focus:px-3 focus:py-2"
        >
          {t('skipToContent')}
        </a>
        <AppHeader />
        <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6">
          {/* Inside the frame, so the header stays while a page waits for data. */}
          <Suspense fallback={<AppLoading />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </TooltipProvider>
  );
}
