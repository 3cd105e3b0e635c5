import type { McpServer } from '@confab/protocol/mcp';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { errorText } from '@/lib/error-text';
import { useDisconnectMcpOAuth, useStartMcpOAuth } from '../api/oauth';

/**
 * The user's own account on a server where each user signs in: "Connect" until they do,
 * "Disconnect" once they did, "Connect again" when the sign-in expired or was revoked.
 */
export function ServerConnection({ server }: { server: McpServer }) {
  const { t } = useTranslation('mcpTools');
  const start = useStartMcpOAuth();
  const disconnect = useDisconnectMcpOAuth();
  if (!server.connection || !server.active) return null;
  const busy = start.isPending || disconnect.isPending;
  const failed = (error: Error) =>
    toast({ variant: 'error', title: t('oauth.failed'), description: errorText(error) });
  const connect = () => start.mutate(server.key, { onError: failed });

  if (server.connection === 'connected') {
    return (
      <div className="flex flex-wrap items-center gap-2">
        <p className="text-sm text-fg-muted">{t('oauth.connectedText')}</p>
        <Button
          size="sm"
          variant="outline"
          disabled={busy}
          onClick={() =>
            disconnect.mutate(server.key, {
              onSuccess: (reply) =>
                toast({
                  variant: 'success',
                  title: t('oauth.disconnected', { name: server.name }),
                  ...(!reply.revoked && { description: t('oauth.notRevoked') }),
                }),
              onError: failed,
            })
          }
        >
          {t('oauth.disconnect')}
        </Button>
      </div>
    );
  }
  const expired = server.connection === 'expired';
  return (
    <Alert
      variant={expired ? 'warning' : 'info'}
      title={expired ? t('oauth.expiredTitle') : t('oauth.needsConnectTitle')}
    >
      <div className="flex flex-col items-start gap-2">
        <span>{expired ? t('oauth.expiredText') : t('oauth.needsConnectText')}</span>
        <Button size="sm" disabled={busy} onClick={connect}>
          {start.isPending
            ? t('oauth.opening')
            : expired
              ? t('oauth.connectAgain')
              : t('oauth.connect')}
        </Button>
      </div>
    </Alert>
  );
}
