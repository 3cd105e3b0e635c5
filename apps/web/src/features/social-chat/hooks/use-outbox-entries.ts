import { useSyncExternalStore } from 'react';
import { appOutbox } from '../lib/app-outbox';
import type { OutboxEntry } from '../lib/outbox-entry';

/** The tab's unconfirmed messages, live. */
export function useOutboxEntries(): readonly OutboxEntry[] {
  const outbox = appOutbox();
  return useSyncExternalStore(outbox.subscribe, outbox.entries, outbox.entries);
}
