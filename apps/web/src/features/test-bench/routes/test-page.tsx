import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/page-heading';
import { Spinner } from '@/components/ui/spinner';
import { useColorMode } from '@/lib/color-mode/use-color-mode';
import { languageNames, isLanguage } from '@/lib/i18n/languages';
import { useVersion } from '@/lib/version/use-version';
import { FactList } from '../components/fact-list';
import { ServiceFacts } from '../components/service-facts';
import { SessionFacts } from '../components/session-facts';

/** /test: what the running app knows about itself, all read live. */
export function TestPage() {
  const { t, i18n } = useTranslation('testBench');
  const { t: tCommon } = useTranslation();
  const { currentId, latestId, updateReady } = useVersion();
  const { preference, value } = useColorMode();
  const language = i18n.resolvedLanguage;
  return (
    <div className="flex flex-col gap-4">
      <PageHeading title={t('test.title')}>{t('test.intro')}</PageHeading>
      <div className="grid gap-4 lg:grid-cols-2">
        <SessionFacts />
        <FactList
          title={t('test.build.title')}
          facts={[
            [t('test.build.running'), <code key="running">{currentId}</code>],
            [
              t('test.build.latest'),
              latestId ? <code key="latest">{latestId}</code> : t('test.build.notChecked'),
            ],
          ]}
        >
          {updateReady ? <p className="text-sm text-fg">{t('test.build.updatePending')}</p> : null}
        </FactList>
        <FactList
          title={t('test.preferences.title')}
          facts={[
            [t('test.preferences.language'), isLanguage(language) ? languageNames[language] : ''],
            [t('test.preferences.colorPreference'), tCommon(`colorMode.${preference}`)],
            [t('test.preferences.colorValue'), tCommon(`colorMode.${value}`)],
          ]}
        />
      </div>
      {/* The registry loads on first use; the rest of the page need not wait for it. */}
      <Suspense fallback={<Spinner label={tCommon('loading')} />}>
        <ServiceFacts />
      </Suspense>
    </div>
  );
}
