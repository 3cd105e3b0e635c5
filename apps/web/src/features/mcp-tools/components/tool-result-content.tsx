import type { McpContent } from '@confab/protocol/mcp';
import { useTranslation } from 'react-i18next';
import { audioDataUrl, base64Bytes, formatBytes, imageDataUrl } from '../lib/safe-media';
import { ResourceLinkCard } from './resource-link-card';
import { StructuredContentView } from './structured-content-view';

const pre =
  'max-h-80 overflow-auto rounded-md bg-surface-muted p-2 font-mono text-xs whitespace-pre-wrap break-words';

/**
 * One content block of a tool result. Everything is rendered as React text (escaped); media only
 * as data URLs of an allowed type; links only to http(s) addresses.
 */
function ContentBlock({
  item,
  tool,
  server,
}: {
  item: McpContent;
  tool: string;
  server: string | null;
}) {
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
    case 'resource_link':
      return <ResourceLinkCard link={item} server={server} />;
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
  server = null,
}: {
  content: McpContent[];
  structuredContent?: Record<string, unknown>;
  tool: string;
  /** The tool's server: resource links are read through it. */
  server?: string | null;
}) {
  const { t } = useTranslation('mcpTools');
  if (content.length === 0 && !structuredContent) {
    return <p className="text-xs text-fg-muted">{t('call.empty')}</p>;
  }
  return (
    <div className="flex flex-col gap-2">
      {content.map((item, index) => (
        <ContentBlock key={index} item={item} tool={tool} server={server} />
      ))}
      {structuredContent ? <StructuredContentView value={structuredContent} /> : null}
    </div>
  );
}
