import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { MessageList } from '../components/message-list';
import { MessageListFrame } from '../components/message-list-frame';
import { PreviewShell } from '../components/preview-shell';
import { sampleMessages } from '../lib/sample-messages';

/** /agents/mindBox/CardLayout: the AI chat's message layout, rendered alone. */
export function CardLayoutPage() {
  const { t } = useTranslation('mindBox');
  const messages = useMemo(() => sampleMessages(6), []);
  return (
    <PreviewShell title={t('cardLayout.title')}>
      <MessageListFrame label={t('cardLayout.title')}>
        <MessageList label={t('cardLayout.title')} messages={messages} busy={false} />
      </MessageListFrame>
    </PreviewShell>
  );
}
