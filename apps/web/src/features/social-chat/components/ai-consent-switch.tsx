import type { SocialChat } from '@confab/protocol/social-chat';
import { Sparkles } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/toast-store';
import { errorText } from '@/lib/error-text';
import { visibleText } from '@/lib/visible-text';
import { useSetAiConsent } from '../api/set-ai-consent';
import { aiConsentState } from '../lib/ai-consent-state';

/**
 * "AI in this chat" under the room's header (docs/product.md#ask-ai-in-chat): the viewer's own
 * switch and what it adds up to with the other person's: "Off", "Waiting for ‹name›", "On".
 * Either person switches it off at any moment; a read-only chat shows it off and disabled.
 */
export function AiConsentSwitch({ chat, name }: { chat: SocialChat; name: string }) {
  const { t } = useTranslation('socialChat');
  const id = useId();
  const change = useSetAiConsent({
    onError: (error) =>
      toast({ title: t('askAi.consent.failed'), description: errorText(error), variant: 'error' }),
  });
  const state = aiConsentState(chat);
  const status =
    state === 'waiting'
      ? t('askAi.consent.waiting', { name: visibleText(name) })
      : t(`askAi.consent.${state}`);
  return (
    <div
      className="flex items-center gap-2 border-b border-border px-3 py-1.5 text-xs"
      data-testid="ai-consent"
      data-state={state}
    >
      <Sparkles aria-hidden className="size-3.5 shrink-0 text-primary" />
      <label htmlFor={id} className="shrink-0 font-medium">
        {t('askAi.consent.label')}
      </label>
      <span role="status" className="min-w-0 flex-1 truncate text-fg-muted">
        {status}
      </span>
      <Switch
        id={id}
        checked={!chat.readOnly && chat.aiConsent.mine}
        disabled={chat.readOnly || change.isPending}
        onCheckedChange={(enabled) => change.mutate({ chatId: chat._id, enabled })}
      />
    </div>
  );
}
