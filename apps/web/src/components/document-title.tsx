import { useTranslation } from 'react-i18next';

/** React 19 moves a rendered <title> into <head>. */
export function DocumentTitle({ title }: { title?: string }) {
  const { t } = useTranslation();
  const appName = t('appName');
  return <title>{title ? `${title} · ${appName}` : appName}</title>;
}
