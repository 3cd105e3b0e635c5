import { CircleCheck, CircleExclamationPoint, Info, TriangleExclamationPoint } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/cn';

const variants = {
  info: { box: 'border-info/40 bg-info/10', icon: 'text-info', Icon: Info },
  success: { box: 'border-success/40 bg-success/10', icon: 'text-success', Icon: CircleCheck },
  warning: {
    box: 'border-warning/50 bg-warning/10',
    icon: 'text-warning',
    Icon: TriangleExclamationPoint,
  },
  error: { box: 'border-error/40 bg-error/10', icon: 'text-error', Icon: CircleExclamationPoint },
} as const;

export type AlertVariant = keyof typeof variants;

export function Alert({
  variant = 'info',
  title,
  children,
  className,
  ...props
}: Omit<ComponentProps<'div'>, 'title'> & { variant?: AlertVariant; title: ReactNode }) {
  const { box, icon, Icon } = variants[variant];
  return (
    <div
      className={cn('flex gap-3 rounded-lg border p-3 text-sm text-fg', box, className)}
      {...props}
    >
      <Icon aria-hidden className={cn('mt-0.5 size-4 shrink-0', icon)} />
      <div className="flex flex-col gap-1">
        <p className="font-semibold">{title}</p>
        {children ? <div className="text-fg">{children}</div> : null}
      </div>
    </div>
  );
}
