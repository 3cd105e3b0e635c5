import { Bot, MessagesSquare, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PublicHeader } from '@/components/app-header/public-header';
import { DocumentTitle } from '@/components/document-title';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/lib/paths';

const features = [
  { key: 'aiChat', icon: Bot },
  { key: 'chats', icon: MessagesSquare },
  { key: 'contacts', icon: Users },
] as const;

/** What Confab is, and the two ways in. */
export function LandingPage() {
  const { t } = useTranslation('landing');
  return (
    <div className="flex min-h-dvh flex-col">
      <DocumentTitle />
      <PublicHeader />
      <main className="mx-auto flex w-full max-w-4xl flex-1 flex-col items-center gap-10 px-4 py-16 text-center">
        <div className="flex flex-col gap-4">
          <h1 className="text-4xl font-bold tracking-tight text-fg sm:text-5xl">{t('title')}</h1>
          <p className="text-lg text-fg-muted">{t('tagline')}</p>
        </div>
        <div className="flex flex-wrap justify-center gap-3">
          <Link to={paths.login} className={buttonClasses()}>
            {t('signIn')}
          </Link>
          <Link to={paths.register} className={buttonClasses({ variant: 'outline' })}>
            {t('register')}
          </Link>
        </div>
        <section aria-label={t('features.label')} className="grid w-full gap-4 sm:grid-cols-3">
          {features.map(({ key, icon: Icon }) => (
            <div
              key={key}
              className="flex flex-col items-center gap-3 rounded-xl border border-border p-5"
            >
              <Icon aria-hidden className="size-8 text-primary" />
              <p className="text-sm text-fg">{t(`features.${key}`)}</p>
            </div>
          ))}
        </section>
      </main>
    </div>
  );
}
