import type { LucideIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Button } from '@/components/ui/button';

/**
 * A button of the chat toolbar: icon and label, the label only for screen readers and as a
 * tooltip below md, so that on a phone the buttons fit one row under the model picker.
 */
export function ToolbarButton({
  icon: Icon,
  label,
  iconOnly = false,
  ...props
}: {
  icon: LucideIcon;
  label: string;
  /** The label for screen readers and as a tooltip at every width (a secondary button). */
  iconOnly?: boolean;
} & Omit<ComponentProps<typeof Button>, 'children'>) {
  return (
    <Button size="sm" variant="ghost" title={label} {...props}>
      <Icon aria-hidden className="size-4" />
      <span className={iconOnly ? 'sr-only' : 'sr-only md:not-sr-only'}>{label}</span>
    </Button>
  );
}
