import type { McpResource } from '@confab/protocol/mcp-prompts';
import { Library } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogCloseButton,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/error-text';
import type { PromptSources } from '../lib/prompt-sources';

type Load<T> =
  { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ok'; value: T };

function useLoad<T>(read: (() => Promise<T>) | null, key: string): Load<T> | null {
  const [load, setLoad] = useState<Load<T> | null>(null);
  useEffect(() => {
    if (!read) {
      setLoad(null);
      return;
    }
    let current = true;
    setLoad({ state: 'loading' });
    read().then(
      (value) => current && setLoad({ state: 'ok', value }),
      (error: unknown) => current && setLoad({ state: 'failed', message: errorText(error) }),
    );
    return () => {
      current = false;
    };
    // `key` names what is read; the function itself is new on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return load;
}

function matches(resource: McpResource, needle: string): boolean {
  return [resource.name, resource.title, resource.uri, resource.description].some((field) =>
    field?.toLowerCase().includes(needle),
  );
}

/**
 * "Attach a resource": the resources of a tool server, searchable; the one chosen is read through
 * the server and joins the prompt's attachments (text as a text file, an image as an image).
 */
export function ResourcePicker({
  sources,
  disabled,
  onFiles,
}: {
  sources: PromptSources;
  disabled?: boolean;
  onFiles: (files: File[]) => Promise<void>;
}) {
  const { t } = useTranslation('mindBox');
  const [open, setOpen] = useState(false);
  const [server, setServer] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [reading, setReading] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const servers = useLoad(open ? () => sources.servers() : null, open ? 'servers' : '');
  const first = servers?.state === 'ok' ? servers.value[0]?.key : undefined;
  const chosen = server ?? first ?? null;
  const resources = useLoad(
    open && chosen ? () => sources.resources(chosen) : null,
    open && chosen ? chosen : '',
  );
  const needle = search.trim().toLowerCase();
  const listed =
    resources?.state === 'ok' ? resources.value.filter((r) => !needle || matches(r, needle)) : [];

  const attach = (resource: McpResource) => {
    if (!chosen) return;
    setReading(resource.uri);
    setFailure(null);
    sources
      .read(chosen, resource)
      .then((files) => onFiles(files))
      .then(
        () => {
          setReading(null);
          setOpen(false);
        },
        (error: unknown) => {
          setReading(null);
          setFailure(errorText(error));
        },
      );
  };

  return (
    <>
      <Button
        type="button"
        size="icon"
        variant="ghost"
        aria-label={t('resources.attach')}
        title={t('resources.attach')}
        disabled={disabled}
        onClick={() => {
          setFailure(null);
          setSearch('');
          setOpen(true);
        }}
      >
        <Library aria-hidden className="size-4" />
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        {open ? (
          <DialogContent data-testid="resource-picker">
            <DialogCloseButton label={t('resources.close')} />
            <DialogTitle className="pr-8">{t('resources.title')}</DialogTitle>
            <DialogDescription>{t('resources.description')}</DialogDescription>
            {servers?.state === 'loading' ? <Spinner label={t('resources.loading')} /> : null}
            {servers?.state === 'failed' ? (
              <Alert variant="error" role="alert" title={servers.message} />
            ) : null}
            {servers?.state === 'ok' && servers.value.length === 0 ? (
              <p className="text-sm text-fg-muted">{t('resources.noServers')}</p>
            ) : null}
            {servers?.state === 'ok' && servers.value.length > 0 ? (
              <div className="flex flex-col gap-2 sm:flex-row">
                <select
                  aria-label={t('resources.server')}
                  value={chosen ?? ''}
                  onChange={(event) => setServer(event.target.value)}
                  className="h-9 rounded-md border border-border bg-surface px-2 text-sm"
                >
                  {servers.value.map((s) => (
                    <option key={s.key} value={s.key}>
                      {s.name}
                    </option>
                  ))}
                </select>
                <Input
                  type="search"
                  aria-label={t('resources.search')}
                  placeholder={t('resources.search')}
                  value={search}
                  onChange={(event) => setSearch(event.target.value)}
                  // In a column (a phone) it keeps its own height; beside the server it takes the rest.
                  className="sm:flex-1"
                />
              </div>
            ) : null}
            {resources?.state === 'loading' ? <Spinner label={t('resources.loading')} /> : null}
            {resources?.state === 'failed' ? (
              <Alert variant="error" role="alert" title={resources.message} />
            ) : null}
            {resources?.state === 'ok' && listed.length === 0 ? (
              <p className="text-sm text-fg-muted">{t('resources.none')}</p>
            ) : null}
            {failure ? (
              <Alert variant="error" role="alert" title={t('resources.readFailed')}>
                {failure}
              </Alert>
            ) : null}
            {listed.length > 0 ? (
              <ul
                aria-label={t('resources.list')}
                className="flex max-h-80 flex-col overflow-y-auto"
              >
                {listed.slice(0, 200).map((resource) => (
                  <li key={resource.uri}>
                    <button
                      type="button"
                      disabled={reading !== null}
                      onClick={() => attach(resource)}
                      className="flex w-full flex-col rounded-md px-2 py-1.5 text-left hover:bg-surface-muted disabled:opacity-60"
                    >
                      <span className="text-sm font-medium break-words">
                        {resource.title ?? resource.name}
                        {reading === resource.uri ? (
                          <Spinner label={t('resources.reading')} className="ml-2 inline size-3" />
                        ) : null}
                      </span>
                      <span className="font-mono text-xs break-all text-fg-muted">
                        {resource.uri}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            ) : null}
          </DialogContent>
        ) : null}
      </Dialog>
    </>
  );
}
