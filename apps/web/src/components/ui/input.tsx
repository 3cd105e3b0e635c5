import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return (
    <input
      className={cn(
        'h-10 w-full rounded-md border border-border bg-surface px-3 text-sm text-fg',
        'placeholder:text-fg-muted',
        'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-secondary',
        'aria-invalid:border-error aria-invalid:focus-visible:outline-error',
        'disabled:cursor-not-allowed disabled:opacity-50',
        className,
      )}
      {...props}
    />
  );
}
