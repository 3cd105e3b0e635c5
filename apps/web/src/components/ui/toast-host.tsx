import { lazy, Suspense, useState } from 'react';
import { useToastStore } from './toast-store';

const Toaster = lazy(() => import('./toaster').then((module) => ({ default: module.Toaster })));

/**
 * Mounts the toasts (bottom-right, at most 5, F8 to reach them) once the first one is shown,
 * and keeps them mounted. The Radix code loads then, apart from the first page's JavaScript:
 * no page needs it to render.
 */
export function ToastHost() {
  const hasToast = useToastStore((state) => state.toasts.length > 0);
  const [wanted, setWanted] = useState(false);
  if (hasToast && !wanted) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
