import type { McpServer } from '@confab/protocol/mcp';
import { useQueryClient } from '@tanstack/react-query';
import { Plus, RefreshCw, Wrench } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTitle } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { useSession } from '@/lib/auth/use-session';
import { useMcpConfig } from '../api/init';
import { mcpQueryKeys } from '../api/query-keys';
import { useMcpTools } from '../api/tools';
import { ServerCard } from './server-card';
import { ServerForm } from './server-form';
import { PersonalPolicySwitch } from './personal-policy-switch';
import type { ToolSwitches } from './server-tools';
import { errorText } from '@/lib/error-text';
import type { OAuthResult } from '../hooks/use-oauth-result';

/**
 * The tool settings: every server the user may use with its state and error, its tools with
 * their switches, and for administrators the server management.
 */
export function ToolSettings({
  switches,
  oauthResult = null,
}: {
  switches: ToolSwitches;
  oauthResult?: OAuthResult | null;
}) {
  const { t } = useTranslation('mcpTools');
  const admin = useSession().user?.role === 'admin';
  const config = useMcpConfig();
  const tools = useMcpTools(config.isSuccess ? config.dataUpdatedAt : undefined);
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<McpServer | 'new' | 'own' | null>(null);
  const personal = config.data?.personal;

  const reload = () => queryClient.invalidateQueries({ queryKey: mcpQueryKeys.all });

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <Button
          size="sm"
          variant="outline"
          onClick={() => void reload()}
          disabled={config.isFetching}
        >
          <RefreshCw aria-hidden className="size-4" />
          {t('settings.reload')}
        </Button>
        {admin ? (
          <Button size="sm" onClick={() => setEditing('new')}>
            <Plus aria-hidden className="size-4" />
            {t('form.add')}
          </Button>
        ) : null}
        {personal?.allowed && personal.count < personal.max ? (
          <Button size="sm" variant="outline" onClick={() => setEditing('own')}>
            <Plus aria-hidden className="size-4" />
            {t('personal.add')}
          </Button>
        ) : null}
      </div>
      {admin && personal ? <PersonalPolicySwitch allowed={personal.allowed} /> : null}

      {oauthResult && config.data ? (
        <OAuthResultAlert
          result={oauthResult}
          known={config.data.servers.some((server) => server.key === oauthResult.server)}
        />
      ) : null}
      {config.isPending ? <Spinner label={t('settings.loading')} /> : null}
      {config.isError ? (
        <Alert variant="error" title={t('settings.loadFailed')} role="alert">
          {errorText(config.error)}
        </Alert>
      ) : null}
      {admin && config.data && config.data.file.problems.length > 0 ? (
        <Alert
          variant="warning"
          title={t('settings.fileProblems', { path: config.data.file.path ?? 'mcp.json' })}
        >
          <ul className="list-disc pl-4 font-mono text-xs">
            {config.data.file.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      {tools.isError ? (
        <Alert
          variant="error"
          title={t('server.toolsFailed', { message: errorText(tools.error) })}
        />
      ) : null}

      {config.data && config.data.servers.length === 0 ? (
        <EmptyState icon={Wrench} title={t('settings.empty')} text={t('settings.emptyText')} />
      ) : null}
      {config.data && config.data.servers.length > 0 ? (
        <ul className="flex flex-col gap-3">
          {config.data.servers.map((server) => (
            <ServerCard
              key={server.key}
              server={server}
              tools={(tools.data ?? []).filter((tool) => tool.server === server.key)}
              switches={switches}
              admin={admin}
              onEdit={setEditing}
            />
          ))}
        </ul>
      ) : null}

      <Dialog open={editing !== null} onOpenChange={(open) => (open ? null : setEditing(null))}>
        {editing !== null ? (
          <DialogContent>
            <DialogTitle>
              {editing === 'new'
                ? t('form.addTitle')
                : editing === 'own'
                  ? t('personal.addTitle')
                  : t('form.editTitle', { name: editing.name })}
            </DialogTitle>
            <ServerForm
              server={editing === 'new' || editing === 'own' ? undefined : editing}
              personal={editing === 'own'}
              onDone={() => setEditing(null)}
            />
          </DialogContent>
        ) : null}
      </Dialog>
    </div>
  );
}

/**
 * How the sign-in the browser came back from went, in the app's own words: a server named in
 * the address is shown only when the user's settings list it (a crafted link names nothing).
 */
function OAuthResultAlert({ result, known }: { result: OAuthResult; known: boolean }) {
  const { t } = useTranslation('mcpTools');
  const server = known ? result.server : null;
  if (result.connected) {
    if (!server) return null;
    return <Alert variant="success" title={t('oauth.resultConnected', { key: server })} />;
  }
  return (
    <Alert
      variant="error"
      title={server ? t('oauth.resultFailed', { key: server }) : t('oauth.resultFailedUnnamed')}
      role="alert"
    >
      {t(`oauth.reason.${result.reason ?? 'failed'}`)}
    </Alert>
  );
}
