import { Monitor, Moon, Sun, type LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { colorModePreferences, type ColorModePreference } from '@/lib/color-mode/color-mode';
import { useColorMode } from '@/lib/color-mode/use-color-mode';
import { cn } from '@/lib/cn';

const icons: Record<ColorModePreference, LucideIcon> = {
  system: Monitor,
  light: Sun,
  dark: Moon,
};

/**
 * A radio group "Colour mode" with System, Light and Dark, built from native radios: the
 * browser gives arrow-key selection and form semantics without extra script. `compact` shows
 * icons only (for headers); the names stay the radios' accessible names either way.
 */
export function ColorModePicker({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const { preference, setPreference } = useColorMode();
  // Each picker on a page is its own group.
  const name = useId();
  return (
    <div
      role="radiogroup"
      aria-label={t('colorMode.label')}
      className="inline-flex items-center gap-0.5 rounded-lg border border-border bg-surface-muted p-0.5"
    >
      {colorModePreferences.map((mode) => {
        const Icon = icons[mode];
        const label = t(`colorMode.${mode}`);
        return (
          <label key={mode} title={compact ? label : undefined} className="relative inline-flex">
            <input
              type="radio"
              name={name}
              value={mode}
              checked={preference === mode}
              onChange={() => setPreference(mode)}
              // Transparent but on top: a click or tap lands on the radio itself.
              className="peer absolute inset-0 z-10 m-0 cursor-pointer appearance-none opacity-0"
            />
            <span
              className={cn(
                'inline-flex cursor-pointer items-center gap-1.5 rounded-md px-2 py-1 text-sm text-fg-muted',
                'peer-focus-visible:outline-2 peer-focus-visible:outline-secondary',
                'peer-checked:bg-surface peer-checked:text-fg peer-checked:shadow-sm',
              )}
            >
              <Icon aria-hidden className="size-4" />
              <span className={compact ? 'sr-only' : undefined}>{label}</span>
            </span>
          </label>
        );
      })}
    </div>
  );
}
