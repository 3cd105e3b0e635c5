import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';

/** A titled card of label/value pairs. */
export function FactList({
  title,
  facts,
  children,
}: {
  title: string;
  facts: readonly (readonly [label: string, value: ReactNode])[];
  children?: ReactNode;
}) {
  return (
    <Card className="flex flex-col gap-3">
      <h2 className="text-base font-semibold text-fg">{title}</h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-fg-muted">{label}</dt>
            <dd className="break-all text-fg">{value}</dd>
          </div>
        ))}
      </dl>
      {children}
    </Card>
  );
}
