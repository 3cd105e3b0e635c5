import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { linkPreviewQueryOptions } from '../api/get-link-preview';
import { firstLink } from '../lib/first-link';
import type { RoomMessage } from '../lib/message-order';

/**
 * The preview of the first http(s) link of a sent text message (docs/product.md#link-previews),
 * under its bubble: the site, title, description and a thumbnail. Everything in it came from
 * someone else's page: it is shown as text, and the image is our server's copy, never the
 * site's address. Nothing is shown while it loads, or when the page has no preview.
 */
export function LinkPreviewCard({
  message,
  own,
  onLoad,
}: {
  message: RoomMessage;
  own: boolean;
  /** The card changed the message's height (the list keeps its place). */
  onLoad?: () => void;
}) {
  const link =
    message.contentType === 'text' && message.status === 'sent' && !message.deleted
      ? firstLink(message.content)
      : null;
  // Most messages have no link: they ask nothing, and need no query client.
  return link ? <FetchedPreview link={link} own={own} onLoad={onLoad} /> : null;
}

function FetchedPreview({
  link,
  own,
  onLoad,
}: {
  link: string;
  own: boolean;
  onLoad?: () => void;
}) {
  const { t } = useTranslation('socialChat');
  const { data: preview } = useQuery(linkPreviewQueryOptions(link));
  useEffect(() => {
    if (preview) onLoad?.();
  }, [preview, onLoad]);
  if (!preview) return null;
  let site = preview.siteName;
  try {
    site ??= new URL(preview.url).hostname;
  } catch {
    // The server sends only addresses it fetched; nothing to name otherwise.
  }
  return (
    <a
      href={preview.url}
      target="_blank"
      rel="noopener noreferrer nofollow"
      data-testid="link-preview"
      aria-label={t('linkPreview.label', { title: preview.title ?? site ?? preview.url })}
      className={`flex w-80 max-w-[85%] overflow-hidden rounded-xl border border-border bg-surface text-fg hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-secondary ${own ? 'self-end' : 'self-start'}`}
    >
      {preview.image ? (
        <img
          src={preview.image}
          alt=""
          loading="lazy"
          onLoad={onLoad}
          className="w-20 shrink-0 self-stretch bg-surface-muted object-cover"
        />
      ) : null}
      <span className="flex min-w-0 flex-col gap-0.5 px-3 py-2">
        {site ? <span className="truncate text-xs text-fg-muted">{site}</span> : null}
        {preview.title ? (
          <span className="line-clamp-2 text-sm font-medium break-words">{preview.title}</span>
        ) : null}
        {preview.description ? (
          <span className="line-clamp-2 text-xs break-words text-fg-muted">
            {preview.description}
          </span>
        ) : null}
      </span>
    </a>
  );
}
