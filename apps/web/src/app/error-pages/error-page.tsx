import { FileQuestionMark, ServerCrash } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { DocumentTitle } from '@/components/document-title';
import { Button, buttonClasses } from '@/components/ui/button';
import { reloadPage } from '@/lib/browser-location';
import { paths } from '@/lib/paths';

/**
 * The error page (docs/product.md#error-pages): status 500 unless told; the message defaults to
 * "Page Not Found" for 404 and "Internal Server Error" for anything else.
 */
export function ErrorPage({
  statusCode = 500,
  message,
  detail,
}: {
  statusCode?: number;
  message?: string;
  /** A secondary line, such as the path that was not found. */
  detail?: string;
}) {
  const { t } = useTranslation();
  const text = message ?? (statusCode === 404 ? t('errors.notFoundDefault') : t('errors.internal'));
  const Icon = statusCode === 404 ? FileQuestionMark : ServerCrash;
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-6 text-center">
      <DocumentTitle title={text} />
      <Icon aria-hidden className="size-12 text-neutral" />
      <p className="text-5xl font-bold text-fg-muted">{statusCode}</p>
      <h1 className="text-2xl font-semibold text-fg">{text}</h1>
      {detail ? <p className="max-w-md text-sm break-all text-fg-muted">{detail}</p> : null}
      <div className="mt-2 flex flex-wrap justify-center gap-3">
        {/* Plain links: after an error the router itself may be the broken part. */}
        <a href={paths.index} className={buttonClasses()}>
          {t('errors.goHome')}
        </a>
        {statusCode >= 500 ? (
          <Button variant="outline" onClick={reloadPage}>
            {t('errors.reload')}
          </Button>
        ) : null}
      </div>
    </main>
  );
}
