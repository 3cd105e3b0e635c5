/** Subscribes this device to Web Push, quietly: notifications in the page work without it. */
export function subscribeDevice(): void {
  import('../api/push-subscription')
    .then(({ subscribeToPush }) => subscribeToPush())
    .catch((error: unknown) => {
      console.warn('This device could not subscribe to Web Push.', error);
    });
}
