import type { McpContent } from '@confab/protocol/mcp';
import { useTranslation } from 'react-i18next';
import { audioDataUrl, base64Bytes, formatBytes, imageDataUrl, safeHref } from '../lib/safe-media';

const pre =
  'max-h-80 overflow-auto rounded-md bg-surface-muted p-2 font-mono text-xs whitespace-pre-wrap break-words';

/**
 * One content block of a tool result. Everything is rendered as React text (escaped); media only
 * as data URLs of an allowed type; links only to http(s) addresses.
 */
function ContentBlock({ item, tool }: { item: McpContent; tool: string }) {
  const { t } = useTranslation('mcpTools');
  switch (item.type) {
    case 'text':
      return <pre className={pre}>{item.text}</pre>;
    case 'image': {
      const src = imageDataUrl(item.mimeType, item.data);
      if (!src) {
        return (
          <p className="text-xs text-fg-muted">
            {t('call.unsupportedImage', { type: item.mimeType })}
          </p>
        );
      }
      return (
        <img
          src={src}
          alt={`${tool}: ${t('call.image', { type: item.mimeType })}`}
          className="max-h-80 max-w-full rounded-md border border-border"
        />
      );
    }
    case 'audio': {
      const src = audioDataUrl(item.mimeType, item.data);
      return src ? (
        <audio controls src={src} aria-label={t('call.audio', { type: item.mimeType })} />
      ) : (
        <p className="text-xs text-fg-muted">{t('call.audio', { type: item.mimeType })}</p>
      );
    }
    case 'resource_link': {
      const href = safeHref(item.uri);
      return (
        <p className="text-sm">
          <span className="font-medium">{t('call.resourceLink')}: </span>
          {href ? (
            <a
              href={href}
              target="_blank"
              rel="noopener noreferrer nofollow"
              className="text-link underline"
            >
              {item.title ?? item.name}
            </a>
          ) : (
            <span>{item.title ?? item.name}</span>
          )}{' '}
          <span className="font-mono text-xs text-fg-muted">{item.uri}</span>
          {item.description ? (
            <span className="block text-xs text-fg-muted">{item.description}</span>
          ) : null}
        </p>
      );
    }
    case 'resource': {
      const { uri, mimeType, text, blob } = item.resource;
      if (typeof text === 'string') {
        return (
          <div className="flex flex-col gap-1">
            <span className="font-mono text-xs text-fg-muted">{uri}</span>
            <pre className={pre}>{text}</pre>
          </div>
        );
      }
      const size = typeof blob === 'string' ? formatBytes(base64Bytes(blob)) : '?';
      return (
        <p className="text-xs text-fg-muted">
          {t('call.binaryResource', { uri, type: mimeType ?? 'application/octet-stream', size })}
        </p>
      );
    }
  }
}

export function ToolResultContent({
  content,
  structuredContent,
  tool,
}: {
  content: McpContent[];
  structuredContent?: Record<string, unknown>;
  tool: string;
}) {
  const { t } = useTranslation('mcpTools');
  if (content.length === 0 && !structuredContent) {
    return <p className="text-xs text-fg-muted">{t('call.empty')}</p>;
  }
  return (
    <div className="flex flex-col gap-2">
      {content.map((item, index) => (
        <ContentBlock key={index} item={item} tool={tool} />
      ))}
      {content.length === 0 && structuredContent ? (
        <pre className={pre} aria-label={t('call.structured')}>
          {JSON.stringify(structuredContent, null, 2)}
        </pre>
      ) : null}
    </div>
  );
}
