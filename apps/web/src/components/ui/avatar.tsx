import { Avatar as AvatarPrimitive } from 'radix-ui';
import { cn } from '@/lib/cn';
import { isInvisibleCharacter } from '@/lib/visible-text';
import { uiSettings } from './ui-settings';

const { minSize, maxSize, defaultSize } = uiSettings.avatar;

const backgrounds = [
  'bg-primary',
  'bg-secondary',
  'bg-warning',
  'bg-error',
  'bg-info',
  'bg-neutral',
] as const;

/** The upper-case first letter of a name (never an invisible character), or '?' when there is none. */
export function initialOf(name: string | null | undefined): string {
  const first = Array.from(name?.trim() ?? '').find(
    (char) => !isInvisibleCharacter(char.codePointAt(0)!),
  );
  return first ? first.toUpperCase() : '?';
}

function backgroundFor(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return backgrounds[hash % backgrounds.length] ?? 'bg-neutral';
}

/** A picture, or the name's initial on a colour that stays the same for the same name. */
export function Avatar({
  name,
  label = name,
  src,
  size = defaultSize,
  className,
}: {
  /** Where the initial and the colour come from; '?' when blank. */
  name: string;
  /** What assistive technology reads, when it is not `name` (a placeholder for no name). */
  label?: string;
  src?: string | null;
  /** Pixels, 16 to 48 (docs/product.md#ui-timings). */
  size?: number;
  className?: string;
}) {
  const pixels = Math.min(maxSize, Math.max(minSize, Math.round(size)));
  return (
    <AvatarPrimitive.Root
      className={cn(
        'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full',
        className,
      )}
      style={{ width: pixels, height: pixels, fontSize: Math.max(8, pixels * 0.45) }}
    >
      {src ? (
        <AvatarPrimitive.Image src={src} alt={label} className="size-full object-cover" />
      ) : null}
      <AvatarPrimitive.Fallback
        className={cn(
          'flex size-full items-center justify-center font-semibold text-on-accent',
          backgroundFor(name),
        )}
        aria-label={label}
        role="img"
      >
        {initialOf(name)}
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}
