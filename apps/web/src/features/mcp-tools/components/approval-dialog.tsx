import { modelToolName } from '@confab/protocol/mcp-model-tools';
import { ShieldQuestion } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import type { ApprovalDecision } from '../lib/approval';
import type { ApprovalRequest } from '../lib/tool-runtime';

/**
 * Asks before a tool runs: the tool's name and the arguments the model chose, and three answers.
 * Closing the dialog (Escape) is a denial: nothing runs without a yes.
 */
export function ApprovalDialog({
  request,
  waiting = 0,
  onDecide,
}: {
  request: ApprovalRequest | null;
  /** Further calls queued behind this one. */
  waiting?: number;
  onDecide: (decision: ApprovalDecision) => void;
}) {
  const { t } = useTranslation('mcpTools');
  return (
    <Dialog
      open={request !== null}
      onOpenChange={(open) => {
        if (!open) onDecide('deny');
      }}
    >
      {request ? (
        <DialogContent>
          <div className="flex items-center gap-2">
            <ShieldQuestion aria-hidden className="size-5 text-warning" />
            <DialogTitle>{t('approval.title')}</DialogTitle>
          </div>
          <DialogDescription>
            {t('approval.description', { tool: request.tool, server: request.serverName })}
          </DialogDescription>
          <p className="font-mono text-sm font-semibold">
            {modelToolName(request.server, request.tool)}
          </p>
          <section className="flex flex-col gap-1">
            <h3 className="text-xs font-semibold text-fg-muted">{t('approval.arguments')}</h3>
            <pre className="max-h-64 overflow-auto rounded-md bg-surface-muted p-2 font-mono text-xs whitespace-pre-wrap break-words">
              {JSON.stringify(request.args, null, 2)}
            </pre>
          </section>
          {waiting > 0 ? (
            <p className="text-xs text-fg-muted">{t('approval.waiting', { count: waiting })}</p>
          ) : null}
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" onClick={() => onDecide('deny')}>
              {t('approval.deny')}
            </Button>
            <Button variant="secondary" onClick={() => onDecide('allow-chat')}>
              {t('approval.allowChat')}
            </Button>
            <Button onClick={() => onDecide('allow')}>{t('approval.allow')}</Button>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
