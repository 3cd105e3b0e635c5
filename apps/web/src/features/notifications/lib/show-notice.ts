import type { ShownNotice } from '@/lib/pwa/shown-notice';

/** Whether this browser can show system notifications at all. */
export function notificationsSupported(): boolean {
  return typeof window !== 'undefined' && 'Notification' in window;
}

export function notificationPermission(): NotificationPermission | 'unsupported' {
  return notificationsSupported() ? Notification.permission : 'unsupported';
}

/**
 * Shows `notice` as a system notification, if the user allowed them. Through the service worker
 * when one controls the page (the only way on Android, and its click handler focuses the tab
 * and opens the chat); else with the page's own Notification, whose click does the same through
 * `open`. The tag keeps one notification per chat: a newer message replaces the older one, and
 * two hidden tabs of the same user show it once.
 */
export async function showNotice(notice: ShownNotice, open: (url: string) => void): Promise<void> {
  if (!notificationsSupported() || Notification.permission !== 'granted') return;
  const options: NotificationOptions = {
    body: notice.body,
    tag: notice.tag,
    icon: '/icons/icon-192.png',
    badge: '/icons/badge-96.png',
    data: { url: notice.url },
  };
  const registration =
    'serviceWorker' in navigator && navigator.serviceWorker.controller
      ? await navigator.serviceWorker.getRegistration()
      : undefined;
  if (registration) {
    await registration.showNotification(notice.title, options);
    return;
  }
  const notification = new Notification(notice.title, options);
  notification.onclick = () => {
    window.focus();
    open(notice.url);
    notification.close();
  };
}
