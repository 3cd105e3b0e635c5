import { pushApiPaths, pushKeyReplySchema } from '@confab/protocol/push';
import { apiFetch } from '@/lib/api-client';
import { pushRegistration } from '@/lib/pwa/push-registration';

function bytesOf(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/**
 * Subscribes this device to Web Push (docs/product.md#web-push) once the user allowed
 * notifications and the service worker runs: the browser's push service gets the server's
 * VAPID key, the server gets the subscription (for the signed-in user; sending it again is
 * harmless). Loaded only when needed, with the schema library.
 */
export async function subscribeToPush(): Promise<void> {
  if (!('Notification' in window) || Notification.permission !== 'granted') return;
  const registration = await pushRegistration();
  if (!registration) return;
  const { publicKey } = await apiFetch(pushApiPaths.key, {
    parse: (json) => pushKeyReplySchema.parse(json),
  });
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: bytesOf(publicKey),
    }));
  await apiFetch(pushApiPaths.subscriptions, { method: 'POST', body: subscription.toJSON() });
}
