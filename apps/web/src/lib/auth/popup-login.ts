import { paths } from '../paths';
import { storageKeys, writeStorage } from '../storage';
import { loginPathFor } from './redirect-target';

/** docs/product.md#session: the popup is 960x600 by default. */
export const loginPopupName = 'confab-login';
export const loginPopupFeatures = 'width=960,height=600';

/**
 * Opens sign-in in a popup. The login page sends the popup on to /public/logins, which raises
 * the storage flag and closes the window; the opener hears the flag and reads the session again.
 * Returns null when the browser blocked the popup.
 */
export function openLoginPopup(url: string = loginPathFor(paths.logins)): Window | null {
  return window.open(url, loginPopupName, loginPopupFeatures);
}

/** Called by /public/logins. A fresh value each time, since `storage` fires only on a change. */
export function signalLoginComplete(): void {
  writeStorage(storageKeys.loginComplete, String(Date.now()));
}

export function isLoginCompleteEvent(event: StorageEvent): boolean {
  return event.key === storageKeys.loginComplete && event.newValue !== null;
}
