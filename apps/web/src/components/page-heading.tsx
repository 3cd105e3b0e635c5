import type { ReactNode } from 'react';
import { DocumentTitle } from './document-title';

/** A page's h1, which also names the browser tab. */
export function PageHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-col gap-1">
      <DocumentTitle title={title} />
      <h1 className="text-2xl font-semibold text-fg">{title}</h1>
      {children ? <div className="text-sm text-fg-muted">{children}</div> : null}
    </div>
  );
}
