import { Unplug } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/page-heading';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';

/**
 * /contacts/Connect: the real-time connection. The page opens no socket of its own, so it
 * reports what is true of it: not connected, no transport.
 */
export function ConnectPage() {
  const { t } = useTranslation('connection');
  return (
    <div className="mx-auto w-full max-w-md">
      <PageHeading title={t('title')} />
      <Card>
        <dl className="grid grid-cols-[auto_1fr] items-center gap-x-6 gap-y-3 text-sm">
          <dt className="text-fg-muted">{t('status')}</dt>
          <dd className="flex items-center gap-2">
            <Unplug aria-hidden className="size-4 text-neutral" />
            <Badge variant="neutral">{t('disconnected')}</Badge>
          </dd>
          <dt className="text-fg-muted">{t('transport')}</dt>
          <dd className="font-mono">{t('noTransport')}</dd>
        </dl>
      </Card>
    </div>
  );
}
