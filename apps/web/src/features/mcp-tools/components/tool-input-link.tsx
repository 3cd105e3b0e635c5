import type { McpInputRequestPayload } from '@confab/protocol/mcp-input';
import { ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { answerInput } from '../stores/input-store';

type LinkQuestion = Extract<McpInputRequestPayload, { mode: 'url' }>;

/** Only an http(s) link is ever opened, whatever the server sent. */
function openable(url: string): boolean {
  if (!URL.canParse(url)) return false;
  const { protocol } = new URL(url);
  return protocol === 'https:' || protocol === 'http:';
}

/**
 * A server asks the user to open a link: where it goes is shown apart from the server's words,
 * and it opens (a new tab, with no way back to this page) only when the user chooses to.
 */
export function ToolInputLink({ question }: { question: LinkQuestion }) {
  const { t } = useTranslation('mcpTools');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const safe = openable(question.url);

  async function answer(action: 'accept' | 'decline') {
    if (action === 'accept' && safe) window.open(question.url, '_blank', 'noopener,noreferrer');
    setBusy(true);
    try {
      const reply = await answerInput({ requestId: question.requestId, action });
      if (!reply.ok) setFailure(reply.error.message);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm">
        {t('input.linkHost', { host: '' })}
        <strong className="font-mono break-all">{question.host}</strong>
      </p>
      <p className="font-mono text-xs break-all text-fg-muted">{question.url}</p>
      <p className="text-xs text-fg-muted">{t('input.linkWarning')}</p>
      {failure ? (
        <p role="alert" className="text-sm break-words text-error-text">
          {t('input.failed', { message: failure })}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" disabled={busy} onClick={() => void answer('decline')}>
          {t('input.decline')}
        </Button>
        <Button disabled={busy || !safe} onClick={() => void answer('accept')}>
          <ExternalLink aria-hidden className="size-4" />
          {t('input.open')}
        </Button>
      </div>
    </div>
  );
}
