import { lazy, Suspense, useEffect, useState } from 'react';
import { useToastStore } from './toast-store';

const Toaster = lazy(() => import('./toaster').then((module) => ({ default: module.Toaster })));

/** Loads the toast viewport once the page is idle, or at once when a toast arrives first. */
function useToasterWanted(): boolean {
  const hasToast = useToastStore((state) => state.toasts.length > 0);
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    const markIdle = () => setIdle(true);
    if ('requestIdleCallback' in window) {
      const handle = window.requestIdleCallback(markIdle, { timeout: 3000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(markIdle, 1000);
    return () => clearTimeout(timer);
  }, []);
  return hasToast || idle;
}

/**
 * Mounts the toasts (bottom-right, at most 5, F8 to reach them). The Radix code loads apart
 * from the first page's JavaScript: no page needs it to render.
 */
export function ToastHost() {
  const wanted = useToasterWanted();
  return wanted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
