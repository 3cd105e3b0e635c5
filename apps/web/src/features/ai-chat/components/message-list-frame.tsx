import type { ReactNode } from 'react';

/** The AI chat's scrolling message area: about 80 % of the viewport high, 60 % wide. */
export function MessageListFrame({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section
      aria-label={label}
      className="mx-auto flex h-[80vh] w-full flex-col overflow-y-auto lg:w-[60vw]"
    >
      {children}
    </section>
  );
}
