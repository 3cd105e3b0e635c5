import { lazy, memo, Suspense } from 'react';

// The markdown pipeline (parser, GFM, sanitiser, code highlighting) is most of the AI chat's
// code: it loads with the first reply shown, not with the page.
const FormattedView = lazy(() =>
  import('./markdown-view').then((module) => ({ default: module.MarkdownView })),
);

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
