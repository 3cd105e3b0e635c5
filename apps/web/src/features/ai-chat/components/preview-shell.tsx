import type { ReactNode } from 'react';
import { PageHeading } from '@/components/page-heading';

/** The frame of the AI chat parts shown alone (CardItem, CardLayout, testData). */
export function PreviewShell({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="mx-auto w-full max-w-4xl px-4 py-8">
      <PageHeading title={title} />
      {children}
    </main>
  );
}
