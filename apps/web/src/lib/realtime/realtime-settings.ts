import { socketPath } from '@confab/protocol/socket-events';

/** Spec section 9: reconnection 1000 ms up to 5000 ms with randomization 0.5, connect timeout 20 s. */
export const realtimeSettings = {
  path: socketPath,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
  timeout: 20_000,
} as const;
