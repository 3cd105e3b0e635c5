import type { UIMatch } from 'react-router';
import { isColorModePreference, type ColorModePreference } from '@/lib/color-mode/color-mode';

/** What a route may declare in its `handle`. */
export interface RouteHandle {
  /** Forces this colour mode while the route is shown (`system` cannot be forced). */
  colorMode?: ColorModePreference;
}

/** The colour mode forced by the deepest matched route that forces one. */
export function forcedColorMode(matches: readonly UIMatch[]): ColorModePreference | null {
  for (let index = matches.length - 1; index >= 0; index--) {
    const handle = matches[index]?.handle as RouteHandle | undefined;
    if (handle && isColorModePreference(handle.colorMode)) return handle.colorMode;
  }
  return null;
}
