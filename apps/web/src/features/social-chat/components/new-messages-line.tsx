import { useTranslation } from 'react-i18next';

/** The line above the first message that was unread when the chat was opened. */
export function NewMessagesLine() {
  const { t } = useTranslation('socialChat');
  return (
    <div
      role="separator"
      aria-label={t('list.newMessages')}
      className="flex items-center gap-3 py-2 text-xs font-medium text-primary"
    >
      <span className="h-px flex-1 bg-primary/40" />
      <span aria-hidden>{t('list.newMessages')}</span>
      <span className="h-px flex-1 bg-primary/40" />
    </div>
  );
}
