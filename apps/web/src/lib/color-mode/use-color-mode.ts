import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { resolveColorMode, type ColorModePreference, type ColorModeState } from './color-mode';
import { colorModeStore } from './color-mode-store';

export function useColorMode(): ColorModeState & {
  setPreference: (preference: ColorModePreference) => void;
} {
  return useStore(
    colorModeStore,
    useShallow((state) => ({
      preference: state.preference,
      value: resolveColorMode(state),
      forced: state.forcedValue !== null,
      setPreference: state.setPreference,
    })),
  );
}
