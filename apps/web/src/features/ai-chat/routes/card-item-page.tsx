import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { MessageCard } from '../components/message-card';
import { PreviewShell } from '../components/preview-shell';
import { sampleMessages } from '../lib/sample-messages';

/** /agents/mindBox/CardItem: one message card of the AI chat, rendered alone. */
export function CardItemPage() {
  const { t } = useTranslation('mindBox');
  const message = useMemo(() => sampleMessages(1)[0]!, []);
  return (
    <PreviewShell title={t('cardItem.title')}>
      <MessageCard message={message} isLast busy={false} />
    </PreviewShell>
  );
}
