import type { ServiceConfig } from '@confab/protocol/services';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { useServiceManager } from '@/lib/service-registry/use-service';

const featureNames = ['realTimeChat', 'messageHistory', 'toolCalls', 'multiModal'] as const;

function ServiceCard({ service }: { service: ServiceConfig }) {
  const { t } = useTranslation('testBench');
  const enabled = service.enabled !== false;
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-border p-3">
      <div className="flex items-center gap-2">
        <span className="font-mono text-sm font-semibold">{service.id}</span>
        <Badge variant={enabled ? 'primary' : 'neutral'}>
          {enabled ? t('test.services.enabled') : t('test.services.disabled')}
        </Badge>
      </div>
      <p className="text-sm text-fg">{service.name}</p>
      <p className="text-xs text-fg-muted">{service.description}</p>
      <ul aria-label={t('test.services.features')} className="flex flex-wrap gap-1.5">
        {featureNames
          .filter((name) => service.features[name])
          .map((name) => (
            <li key={name}>
              <Badge variant="info">{t(`test.services.${name}`)}</Badge>
            </li>
          ))}
      </ul>
    </li>
  );
}

/** The service registry, read through the same hook the features use. */
export function ServiceFacts() {
  const { t } = useTranslation('testBench');
  const services = useServiceManager().list();
  return (
    <Card className="flex flex-col gap-3">
      <h2 className="text-base font-semibold text-fg">{t('test.services.title')}</h2>
      <ul className="grid gap-3 sm:grid-cols-2">
        {services.map((service) => (
          <ServiceCard key={service.id} service={service} />
        ))}
      </ul>
    </Card>
  );
}
