import { pushApiPaths } from '@confab/protocol/push';
import { apiFetch } from '../api-client';
import { pushRegistration } from './push-registration';

/**
 * Withdraws this device's Web Push subscription at sign-out (docs/product.md#web-push): the
 * server forgets it (while the session that owns it still holds) and the browser drops it, so
 * whoever signs in next on this device gets none of the last person's messages. It never
 * stands in the way of signing out: a failure is only logged.
 */
export async function withdrawPushSubscription(): Promise<void> {
  try {
    const subscription = await (await pushRegistration())?.pushManager.getSubscription();
    if (!subscription) return;
    await apiFetch(pushApiPaths.subscriptions, {
      method: 'DELETE',
      body: { endpoint: subscription.endpoint },
    }).catch((error: unknown) =>
      console.warn('The server kept this device’s push subscription.', error),
    );
    await subscription.unsubscribe();
  } catch (error) {
    console.warn('This device’s push subscription could not be withdrawn.', error);
  }
}
