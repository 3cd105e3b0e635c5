import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { useSettingsSyncStore } from '../stores/settings-sync-store';

/**
 * Says that the server refused this device's settings, and why: they stay on this device and
 * are not sent again until they change (docs/product.md#settings-and-key-sync).
 */
export function SyncRefusedAlert() {
  const { t } = useTranslation('aiSettings');
  const refused = useSettingsSyncStore((state) => state.refused);
  if (!refused) return null;
  return (
    <Alert variant="warning" role="alert" title={t('keySync.refused')}>
      <p className="break-words text-fg-muted">{refused}</p>
    </Alert>
  );
}
