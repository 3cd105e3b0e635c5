import { useTranslation } from 'react-i18next';
import { ColorModePicker } from '@/components/app-header/color-mode-picker';
import { PageHeading } from '@/components/page-heading';
import { useColorMode } from '@/lib/color-mode/use-color-mode';

/** /agents/header/colorMode: the colour-mode picker alone, with the state it controls. */
export function ColorModePreviewPage() {
  const { t } = useTranslation('previews');
  const { t: tCommon } = useTranslation();
  const { preference, value, forced } = useColorMode();
  return (
    <main className="mx-auto flex w-full max-w-md flex-col gap-6 px-4 py-10">
      <PageHeading title={t('colorMode.title')} />
      <ColorModePicker />
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
        <dt className="text-fg-muted">{t('colorMode.preference')}</dt>
        <dd>{tCommon(`colorMode.${preference}`)}</dd>
        <dt className="text-fg-muted">{t('colorMode.value')}</dt>
        <dd>{tCommon(`colorMode.${value}`)}</dd>
        <dt className="text-fg-muted">{t('colorMode.forced')}</dt>
        <dd>{forced ? t('colorMode.yes') : t('colorMode.no')}</dd>
      </dl>
    </main>
  );
}
