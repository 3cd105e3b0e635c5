import { PlugZap, Unplug } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/page-heading';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { useConnectionStatus } from '@/lib/realtime/use-connection-status';

/** /contacts/Connect: the tab's real-time connection and transport (docs/product.md#real-time). */
export function ConnectPage() {
  const { t } = useTranslation('connection');
  const { connected, transport } = useConnectionStatus();
  const Icon = connected ? PlugZap : Unplug;
  return (
    <div className="mx-auto w-full max-w-md">
      <PageHeading title={t('title')} />
      <Card>
        <dl className="grid grid-cols-[auto_1fr] items-center gap-x-6 gap-y-3 text-sm">
          <dt className="text-fg-muted">{t('status')}</dt>
          <dd className="flex items-center gap-2">
            <Icon
              aria-hidden
              className={connected ? 'size-4 text-success' : 'size-4 text-neutral'}
            />
            <Badge variant={connected ? 'success' : 'neutral'}>
              {connected ? t('connected') : t('disconnected')}
            </Badge>
          </dd>
          <dt className="text-fg-muted">{t('transport')}</dt>
          <dd className="font-mono">{transport ?? t('noTransport')}</dd>
        </dl>
      </Card>
    </div>
  );
}
