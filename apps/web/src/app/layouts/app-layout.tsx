import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { AppHeader } from '@/components/app-header/app-header';
import { TooltipProvider } from '@/components/ui/tooltip';
import { useTimeFormatWarmUp } from '@/lib/time/time-format-warm-up';
import { AppNotifications } from '../compositions/app-notifications';
import { AppLoading } from './app-loading';

/**
 * Header and content frame of the signed-in pages. A page marked `data-fill-window` (the AI
 * chat) gets exactly the height the header leaves, however tall the header wraps: the frame is
 * then the window's height and the page scrolls inside, never the document.
 */
export function AppLayout() {
  const { t } = useTranslation();
  useTimeFormatWarmUp();
  return (
    <TooltipProvider>
      <div className="flex min-h-dvh flex-col has-[[data-fill-window]]:h-dvh">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-surface focus:px-3 focus:py-2"
        >
          {t('skipToContent')}
        </a>
        <AppHeader />
        <main
          id="main"
          className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 has-[[data-fill-window]]:flex has-[[data-fill-window]]:min-h-0 has-[[data-fill-window]]:flex-col has-[[data-fill-window]]:py-0"
        >
          <AppNotifications />
          {/* Inside the frame, so the header stays while a page waits for data. */}
          <Suspense fallback={<AppLoading />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </TooltipProvider>
  );
}
