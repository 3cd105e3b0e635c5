import type { McpServer } from '@confab/protocol/mcp';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { toast } from '@/components/ui/toast-store';
import { useRemoveMcpServer } from '../api/remove-server';
import { useSetMcpServerActive } from '../api/set-server-active';
import { errorText } from '@/lib/error-text';

/** Activate or deactivate any server; edit or remove one added through the API. */
export function ServerAdminActions({
  server,
  onEdit,
}: {
  server: McpServer;
  onEdit: (server: McpServer) => void;
}) {
  const { t } = useTranslation('mcpTools');
  const setActive = useSetMcpServerActive();
  const removeServer = useRemoveMcpServer();
  const [confirming, setConfirming] = useState(false);
  const failed = (error: Error) =>
    toast({ variant: 'error', title: t('server.actionFailed'), description: errorText(error) });
  const busy = setActive.isPending || removeServer.isPending;

  const remove = () => {
    removeServer.mutate(server.key, {
      onSuccess: () => setConfirming(false),
      onError: failed,
    });
  };

  return (
    <div className="flex flex-wrap gap-2">
      <Button
        size="sm"
        variant="outline"
        disabled={busy}
        onClick={() =>
          setActive.mutate({ key: server.key, active: !server.active }, { onError: failed })
        }
      >
        {server.active ? t('server.deactivate') : t('server.activate')}
      </Button>
      {server.source === 'admin' ? (
        <>
          <Button size="sm" variant="outline" disabled={busy} onClick={() => onEdit(server)}>
            {t('server.edit')}
          </Button>
          <Button size="sm" variant="danger" disabled={busy} onClick={() => setConfirming(true)}>
            {t('server.remove')}
          </Button>
          <Dialog open={confirming} onOpenChange={setConfirming}>
            <DialogContent>
              <DialogTitle>{t('server.removeTitle', { name: server.name })}</DialogTitle>
              <DialogDescription>{t('server.removeText')}</DialogDescription>
              <div className="flex justify-end gap-2">
                <Button variant="outline" onClick={() => setConfirming(false)}>
                  {t('form.cancel')}
                </Button>
                <Button variant="danger" disabled={busy} onClick={remove}>
                  {t('server.remove')}
                </Button>
              </div>
            </DialogContent>
          </Dialog>
        </>
      ) : null}
    </div>
  );
}
