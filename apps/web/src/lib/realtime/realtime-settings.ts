import { socketPath } from '@confab/protocol/socket-events';

/** docs/product.md#ui-timings: reconnect after 1 s up to 5 s, randomization 0.5, timeout 20 s. */
export const realtimeSettings = {
  path: socketPath,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
  timeout: 20_000,
} as const;
