import type { McpReadResourceReply } from '@confab/protocol/mcp-prompts';
import { Download, FileText } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/error-text';
import { readMcpResource } from '../api/resources';
import { base64Bytes, formatBytes, imageDataUrl, safeHref } from '../lib/safe-media';

export interface ResourceLink {
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
}

type Opened =
  | { state: 'reading' }
  | { state: 'failed'; message: string }
  | { state: 'read'; reply: McpReadResourceReply };

/**
 * Saves a binary resource as a file: its bytes from base64, never a fetch of its URI. The Blob is
 * `application/octet-stream` whatever the server calls it, so its URL opened in a tab is a
 * download, never the server's HTML running in this origin; made on click, revoked after.
 */
function saveBlob(blob: string, name: string): void {
  const bytes = Uint8Array.from(atob(blob.replace(/\s+/g, '')), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: 'application/octet-stream' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // Revoked once the download has had time to start with it.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function fileName(uri: string, fallback: string): string {
  const last = uri.split(/[/\\]/).pop() ?? '';
  return (last || fallback).replace(/[^\w.-]+/g, '_').slice(0, 100) || 'resource';
}

function Contents({ reply, link }: { reply: McpReadResourceReply; link: ResourceLink }) {
  const { t } = useTranslation('mcpTools');
  if (reply.contents.length === 0)
    return <p className="text-sm text-fg-muted">{t('call.empty')}</p>;
  return (
    <div className="flex flex-col gap-3">
      {reply.contents.map((item, index) => {
        if ('text' in item) {
          return (
            <pre
              key={index}
              className="max-h-[50dvh] overflow-auto rounded-md bg-surface-muted p-2 font-mono text-xs break-words whitespace-pre-wrap"
            >
              {item.text}
            </pre>
          );
        }
        const image = item.mimeType ? imageDataUrl(item.mimeType, item.blob) : null;
        if (image) {
          return (
            <img
              key={index}
              src={image}
              alt={link.title ?? link.name}
              className="max-h-[50dvh] max-w-full self-start rounded-md border border-border"
            />
          );
        }
        return (
          <button
            key={index}
            type="button"
            onClick={() => saveBlob(item.blob, fileName(item.uri, link.name))}
            className="inline-flex items-center gap-2 self-start text-sm text-link underline"
          >
            <Download aria-hidden className="size-4" />
            {t('resource.download', {
              type: item.mimeType ?? 'application/octet-stream',
              size: formatBytes(base64Bytes(item.blob)),
            })}
          </button>
        );
      })}
    </div>
  );
}

/**
 * A `resource_link` of a tool result: its name, URI and description, and an Open button that
 * reads it through the server (its MCP server knows the URI; the browser never fetches it).
 */
export function ResourceLinkCard({ link, server }: { link: ResourceLink; server: string | null }) {
  const { t } = useTranslation('mcpTools');
  const [opened, setOpened] = useState<Opened | null>(null);
  const open = () => {
    if (!server) return;
    setOpened({ state: 'reading' });
    readMcpResource(server, link.uri).then(
      (reply) => setOpened({ state: 'read', reply }),
      (error: unknown) => setOpened({ state: 'failed', message: errorText(error) }),
    );
  };
  const label = link.title ?? link.name;
  // A web address may also be followed as a link (a page the user opens, in a new tab).
  const href = safeHref(link.uri);
  return (
    <div
      data-testid="resource-link"
      className="flex items-start gap-2 rounded-md border border-border bg-surface-muted/50 p-2"
    >
      <FileText aria-hidden className="mt-0.5 size-4 shrink-0 text-fg-muted" />
      <div className="flex min-w-0 flex-1 flex-col">
        {href ? (
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="text-sm font-medium break-words text-link underline"
          >
            {label}
          </a>
        ) : (
          <span className="text-sm font-medium break-words">{label}</span>
        )}
        <span className="font-mono text-xs break-all text-fg-muted">{link.uri}</span>
        {link.description ? (
          <span className="text-xs break-words text-fg-muted">{link.description}</span>
        ) : null}
      </div>
      {server ? (
        <Button
          size="sm"
          variant="outline"
          onClick={open}
          aria-label={t('resource.openNamed', { name: label })}
        >
          {t('resource.open')}
        </Button>
      ) : null}
      <Dialog open={opened !== null} onOpenChange={(isOpen) => (isOpen ? null : setOpened(null))}>
        {opened ? (
          <DialogContent>
            <DialogTitle className="break-words">{label}</DialogTitle>
            <DialogDescription className="font-mono text-xs break-all">
              {link.uri}
            </DialogDescription>
            {opened.state === 'reading' ? <Spinner label={t('resource.reading')} /> : null}
            {opened.state === 'failed' ? (
              <Alert variant="error" role="alert" title={t('resource.readFailed')}>
                {opened.message}
              </Alert>
            ) : null}
            {opened.state === 'read' ? <Contents reply={opened.reply} link={link} /> : null}
            <Button variant="outline" className="self-end" onClick={() => setOpened(null)}>
              {t('settings.close')}
            </Button>
          </DialogContent>
        ) : null}
      </Dialog>
    </div>
  );
}
