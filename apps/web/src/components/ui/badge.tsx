import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

const variants = {
  neutral: 'bg-neutral/15 text-fg',
  primary: 'bg-primary text-on-accent',
  info: 'bg-info text-on-accent',
  success: 'bg-success text-on-accent',
  warning: 'bg-warning text-on-accent',
  error: 'bg-error text-on-accent',
} as const;

export type BadgeVariant = keyof typeof variants;

export function Badge({
  variant = 'neutral',
  className,
  ...props
}: ComponentProps<'span'> & { variant?: BadgeVariant }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium',
        variants[variant],
        className,
      )}
      {...props}
    />
  );
}
