import { Bell, BellOff } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Switch } from '@/components/ui/switch';
import { notificationPermission } from '../lib/show-notice';
import { useNotifySettings } from '../lib/notify-settings';
import { subscribeDevice } from '../lib/push-device';

/**
 * The notification settings above the chat list (docs/product.md#notifications): once the user
 * has a chat, the question whether to allow notifications (asked by the browser only when the
 * user presses "Enable", never on page load; "Not now" shrinks it to the button); once allowed,
 * the sound switch; when the browser blocks them, where to change that.
 */
export function NotificationBar({ hasChats }: { hasChats: boolean }) {
  const { t } = useTranslation();
  const [permission, setPermission] = useState(notificationPermission);
  const sound = useNotifySettings((state) => state.sound);
  const setSound = useNotifySettings((state) => state.setSound);
  const dismissed = useNotifySettings((state) => state.promptDismissed);
  const dismiss = useNotifySettings((state) => state.dismissPrompt);
  const soundId = useId();

  if (permission === 'unsupported' || !hasChats) return null;
  const enable = async () => {
    const answer = await Notification.requestPermission();
    setPermission(answer);
    if (answer === 'granted') subscribeDevice();
  };
  const frame =
    'mx-auto mb-4 flex w-full max-w-3xl flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-border bg-surface px-3 py-2 text-sm';

  if (permission === 'granted') {
    return (
      <section aria-label={t('notifications.label')} className={frame}>
        <Bell aria-hidden className="size-4 text-primary" />
        <p className="flex-1 text-fg-muted">{t('notifications.on')}</p>
        <label htmlFor={soundId} className="flex items-center gap-2">
          {t('notifications.sound')}
          <Switch id={soundId} checked={sound} onCheckedChange={setSound} />
        </label>
      </section>
    );
  }
  if (permission === 'denied') {
    return (
      <section aria-label={t('notifications.label')} className={frame}>
        <BellOff aria-hidden className="size-4 text-fg-muted" />
        <p className="flex-1 text-fg-muted">{t('notifications.blocked')}</p>
      </section>
    );
  }
  if (dismissed) {
    return (
      <div className="mx-auto mb-4 flex w-full max-w-3xl justify-end">
        <Button variant="ghost" size="sm" onClick={() => void enable()}>
          <Bell aria-hidden className="size-4" />
          {t('notifications.enable')}
        </Button>
      </div>
    );
  }
  return (
    <section aria-label={t('notifications.label')} className={frame}>
      <Bell aria-hidden className="size-4 shrink-0 text-primary" />
      <p className="min-w-48 flex-1">{t('notifications.prompt')}</p>
      <div className="flex gap-2">
        <Button size="sm" onClick={() => void enable()}>
          {t('notifications.enable')}
        </Button>
        <Button variant="ghost" size="sm" onClick={dismiss}>
          {t('notifications.notNow')}
        </Button>
      </div>
    </section>
  );
}
