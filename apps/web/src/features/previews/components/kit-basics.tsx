import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { PreviewSection } from './preview-section';

const avatarSizes = [16, 24, 32, 40, 48] as const;

/** Buttons, inputs, alerts, badges and avatars. */
export function KitBasics() {
  const { t } = useTranslation('previews');
  return (
    <>
      <PreviewSection title={t('uiKit.buttons.title')}>
        <Button>{t('uiKit.buttons.primary')}</Button>
        <Button variant="secondary">{t('uiKit.buttons.secondary')}</Button>
        <Button variant="outline">{t('uiKit.buttons.outline')}</Button>
        <Button variant="ghost">{t('uiKit.buttons.ghost')}</Button>
        <Button variant="danger">{t('uiKit.buttons.danger')}</Button>
        <Button disabled>{t('uiKit.buttons.disabled')}</Button>
      </PreviewSection>

      <PreviewSection title={t('uiKit.inputs.title')}>
        <div className="grid w-full gap-4 sm:grid-cols-2">
          <TextField
            label={t('uiKit.inputs.label')}
            placeholder={t('uiKit.inputs.placeholder')}
            hint={t('uiKit.inputs.hint')}
          />
          <TextField
            label={t('uiKit.inputs.invalidLabel')}
            defaultValue={t('uiKit.inputs.invalidValue')}
            error={t('uiKit.inputs.invalidMessage')}
          />
        </div>
      </PreviewSection>

      <PreviewSection title={t('uiKit.alerts.title')}>
        <div className="grid w-full gap-3 sm:grid-cols-2">
          <Alert variant="info" title={t('uiKit.alerts.info')}>
            {t('uiKit.alerts.infoText')}
          </Alert>
          <Alert variant="success" title={t('uiKit.alerts.success')}>
            {t('uiKit.alerts.successText')}
          </Alert>
          <Alert variant="warning" title={t('uiKit.alerts.warning')}>
            {t('uiKit.alerts.warningText')}
          </Alert>
          <Alert variant="error" title={t('uiKit.alerts.error')}>
            {t('uiKit.alerts.errorText')}
          </Alert>
        </div>
      </PreviewSection>

      <PreviewSection title={t('uiKit.badges.title')}>
        <Badge>{t('uiKit.badges.neutral')}</Badge>
        <Badge variant="primary">{t('uiKit.badges.primary')}</Badge>
        <Badge variant="info">{t('uiKit.badges.info')}</Badge>
        <Badge variant="warning">{t('uiKit.badges.warning')}</Badge>
        <Badge variant="error">{t('uiKit.badges.error')}</Badge>
      </PreviewSection>

      <PreviewSection title={t('uiKit.avatars.title')}>
        {avatarSizes.map((size) => (
          <figure key={size} className="flex flex-col items-center gap-1">
            <Avatar name={t('uiKit.avatars.name')} size={size} />
            <figcaption className="text-xs text-fg-muted">
              {t('uiKit.avatars.size', { size })}
            </figcaption>
          </figure>
        ))}
      </PreviewSection>
    </>
  );
}
