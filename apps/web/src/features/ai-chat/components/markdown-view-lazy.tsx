import { lazy, memo, Suspense, useEffect, useState } from 'react';
import { whenIdle } from '@/lib/when-idle';
import type * as ViewModule from './markdown-view';

// The markdown pipeline (parser, GFM, sanitiser, code highlighting) is most of the AI chat's
// code: it loads with the first reply shown, or ahead of it (`useMarkdownPreload`), not with
// the page.
let view: typeof ViewModule | null = null;
let viewLoading: Promise<typeof ViewModule> | null = null;
function loadView(): Promise<typeof ViewModule> {
  // A failed load is tried again next time.
  viewLoading ??= import('./markdown-view').then(
    (module) => (view = module),
    (error: unknown) => {
      viewLoading = null;
      throw error;
    },
  );
  return viewLoading;
}
const FormattedView = lazy(() => loadView().then((module) => ({ default: module.MarkdownView })));

/**
 * Loads the markdown view and the parser a streaming reply is formatted with once the page is
 * idle after the chat shows, then, in a later idle moment, runs the parser once: a reply that
 * starts later does not wait for them, nor pay for their first evaluation and compilation in
 * the middle of its stream.
 */
export function useMarkdownPreload(): void {
  useEffect(() => {
    let live = true;
    let cancel = whenIdle(
      () =>
        // Not loaded now (offline, say): the first reply tries again.
        void loadView()
          .then(async (module) => {
            await module.loadMarkdownParser();
            if (live) cancel = whenIdle(module.warmMarkdownParser);
          })
          .catch(() => undefined),
    );
    return () => {
      live = false;
      cancel();
    };
  }, []);
}

/**
 * MarkdownView (markdown-view.tsx), loaded on first use; until it is there the text shows as
 * it came, as a block not formatted yet does.
 */
export const MarkdownView = memo(function LazyMarkdownView({
  text,
  streaming = false,
}: {
  text: string;
  streaming?: boolean;
}) {
  // Loaded before this reply showed: rendered at once (a lazy component would wait a turn,
  // showing the text unformatted). Chosen once, so the view is never swapped under a reply.
  const [Loaded] = useState(() => view?.MarkdownView);
  if (Loaded) return <Loaded text={text} streaming={streaming} />;
  return (
    <Suspense
      fallback={
        <div className="markdown-body">
          <p data-pending="true" className="whitespace-pre-wrap">
            {text}
          </p>
        </div>
      }
    >
      <FormattedView text={text} streaming={streaming} />
    </Suspense>
  );
});
