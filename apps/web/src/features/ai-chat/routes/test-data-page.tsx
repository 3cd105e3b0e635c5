import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { MessageList } from '../components/message-list';
import { MessageListFrame } from '../components/message-list-frame';
import { PreviewShell } from '../components/preview-shell';
import { sampleMessages } from '../lib/sample-messages';

const sampleCount = 500;

/** /agents/mindBox/testData: a long sample conversation in the virtualised message list. */
export function TestDataPage() {
  const { t } = useTranslation('mindBox');
  const messages = useMemo(() => sampleMessages(sampleCount), []);
  return (
    <PreviewShell title={t('testData.title')}>
      <p className="mb-2 text-sm text-fg-muted">{t('testData.count', { count: sampleCount })}</p>
      <MessageListFrame label={t('testData.title')}>
        <MessageList label={t('testData.title')} messages={messages} busy={false} />
      </MessageListFrame>
    </PreviewShell>
  );
}
