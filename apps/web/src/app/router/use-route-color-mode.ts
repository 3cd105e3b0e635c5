import { useLayoutEffect } from 'react';
import { useMatches } from 'react-router';
import { colorModeStore } from '@/lib/color-mode/color-mode-store';
import { forcedColorMode } from './route-handle';

/** Applies a route's forced colour mode before paint and lifts it when the route is left. */
export function useRouteColorMode(): void {
  const forced = forcedColorMode(useMatches());
  useLayoutEffect(() => {
    if (!forced) return;
    colorModeStore.getState().force(forced);
    // Forcing `system` was refused (with a warning), so there is nothing to lift.
    if (forced === 'system') return;
    return () => colorModeStore.getState().force(null);
  }, [forced]);
}
