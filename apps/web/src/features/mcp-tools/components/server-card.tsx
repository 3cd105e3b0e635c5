import {
  mcpUnavailableToUsers,
  type McpServer,
  type McpServerStatus,
  type McpTool,
} from '@confab/protocol/mcp';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { ServerAdminActions } from './server-admin-actions';
import { ServerConnection } from './server-connection';
import { PersonalServerActions } from './personal-server-actions';
import { ServerTools, type ToolSwitches } from './server-tools';

const statusBadges: Record<McpServerStatus, BadgeVariant> = {
  connected: 'success',
  connecting: 'info',
  error: 'error',
  inactive: 'neutral',
};

/** One server: what it is, whether it is connected (and why not), its tools and switches. */
export function ServerCard({
  server,
  tools,
  switches,
  admin,
  onEdit,
}: {
  server: McpServer;
  tools: McpTool[];
  switches: ToolSwitches;
  admin: boolean;
  onEdit: (server: McpServer) => void;
}) {
  const { t } = useTranslation('mcpTools');
  const headingId = `mcp-server-${server.key}`;
  return (
    <li
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-lg border border-border p-4"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={headingId} className="font-semibold">
          {server.name}
        </h3>
        <span className="font-mono text-xs text-fg-muted">{server.key}</span>
        {/* Not signed in (yet, or any more) is not a fault of the server. */}
        {server.active && server.connection && server.connection !== 'connected' ? (
          <Badge variant={server.connection === 'expired' ? 'warning' : 'neutral'}>
            {t(server.connection === 'expired' ? 'oauth.expiredTitle' : 'oauth.needsConnectTitle')}
          </Badge>
        ) : (
          <Badge variant={statusBadges[server.status]}>{t(`server.status.${server.status}`)}</Badge>
        )}
        <Badge>{t(`server.transport.${server.transportType}`)}</Badge>
        {admin || server.source === 'personal' ? (
          <Badge>{t(`server.source.${server.source}`)}</Badge>
        ) : null}
        {server.connection ? <Badge>{t('oauth.badge')}</Badge> : null}
      </div>
      {server.description ? <p className="text-sm text-fg-muted">{server.description}</p> : null}
      <p className="text-xs text-fg-muted">
        {t('server.approvalLabel', { policy: t(`server.approval.${server.approvalPolicy}`) })}
      </p>
      <ServerConnection server={server} />
      {/* An account not connected (yet, or any more) says so above, with its button. */}
      {server.status === 'error' &&
      server.error &&
      (!server.connection || server.connection === 'connected') ? (
        <Alert variant="error" title={t('server.status.error')}>
          {server.error === mcpUnavailableToUsers ? (
            t('server.unavailableToUsers')
          ) : (
            <span className="font-mono text-xs whitespace-pre-wrap break-words">
              {server.error}
            </span>
          )}
        </Alert>
      ) : null}
      {server.status === 'connected' ? (
        <ServerTools serverName={server.name} tools={tools} switches={switches} />
      ) : null}
      {server.source === 'personal' ? <PersonalServerActions server={server} /> : null}
      {admin && server.source !== 'personal' ? (
        <ServerAdminActions server={server} onEdit={onEdit} />
      ) : null}
    </li>
  );
}
