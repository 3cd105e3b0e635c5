import type { ReactNode } from 'react';
import { PublicHeader } from '@/components/app-header/public-header';
import { DocumentTitle } from '@/components/document-title';
import { Card } from '@/components/ui/card';

/** The frame of the sign-in, registration and popup-completion pages. */
export function AuthShell({
  title,
  children,
  footer,
}: {
  title: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="flex min-h-dvh flex-col">
      <DocumentTitle title={title} />
      <PublicHeader />
      <main className="flex flex-1 items-start justify-center px-4 py-12 sm:items-center">
        <Card className="w-full max-w-sm">
          <h1 className="mb-6 text-xl font-semibold text-fg">{title}</h1>
          {children}
          {footer ? <div className="mt-6 text-center text-sm text-fg-muted">{footer}</div> : null}
        </Card>
      </main>
    </div>
  );
}
