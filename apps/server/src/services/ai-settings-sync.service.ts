import type { SessionUser } from '@confab/protocol/auth';
import {
  aiHistoryDeviceOnlyMessage,
  type AiSettingsSync,
  type AiSettingsSyncBody,
  type SealedKeys,
  type SyncedSettings,
} from '@confab/protocol/ai-history';
import { conflict } from '../lib/app-error';
import type { Transact } from '../db/transaction';
import type { RealtimeHub } from '../realtime/realtime-hub';
import type { AiHistoryRepository } from '../repositories/ai-history.repository';
import type {
  AiProviderSettingsRow,
  AiSettingsSyncRepository,
} from '../repositories/ai-settings-sync.repository';

export interface AiSettingsSyncRepositories {
  history: AiHistoryRepository;
  settings: AiSettingsSyncRepository;
}

export interface AiSettingsSyncServiceOptions {
  /** Reads outside a transaction. */
  store: AiSettingsSyncRepositories;
  transact: Transact<AiSettingsSyncRepositories>;
  realtime: Pick<RealtimeHub, 'toUser'>;
  now?: () => number;
}

/**
 * The account's provider settings synced between its devices
 * (docs/product.md#settings-and-key-sync). The server keeps what the last PUT sent: settings
 * that carry no API key (the protocol refuses one), and the sealed keys as sent, which it
 * cannot open. Nothing is kept while the account keeps its AI chats on its devices only.
 */
export class AiSettingsSyncService {
  constructor(private readonly options: AiSettingsSyncServiceOptions) {}

  async read(user: SessionUser): Promise<AiSettingsSync> {
    const account = await this.options.store.history.account(user.id);
    if (account.mode === 'device') throw conflict(aiHistoryDeviceOnlyMessage);
    return replyOf(await this.options.store.settings.get(user.id));
  }

  /** Replaces the settings; the sealed keys too unless the body leaves them out. */
  async write(user: SessionUser, body: AiSettingsSyncBody): Promise<AiSettingsSync> {
    const now = this.options.now ?? Date.now;
    const outcome = await this.options.transact(async ({ history, settings }) => {
      // The account's row is locked: a switch to device-only waits, then removes this write.
      const account = await history.lockAccount(user.id);
      if (account.mode === 'device') throw conflict(aiHistoryDeviceOnlyMessage);
      const stored = await settings.get(user.id);
      const next: AiProviderSettingsRow = {
        user_id: user.id,
        settings: JSON.stringify(body.settings),
        sealed_keys:
          body.sealedKeys === undefined
            ? (stored?.sealed_keys ?? null)
            : body.sealedKeys && JSON.stringify(body.sealedKeys),
        updated_at: now(),
      };
      if (stored?.settings === next.settings && stored.sealed_keys === next.sealed_keys) {
        return { row: stored, changed: false };
      }
      await settings.put(next);
      return { row: next, changed: true };
    });
    if (outcome.changed) {
      this.options.realtime.toUser(user.id, 'aiSettingsChanged', {
        updatedAt: outcome.row.updated_at,
      });
    }
    return replyOf(outcome.row);
  }
}

// The stored JSON is what the PUT's schema let through, so it reads back as that type.
function replyOf(row: AiProviderSettingsRow | undefined): AiSettingsSync {
  if (!row) return { settings: null, sealedKeys: null, updatedAt: null };
  return {
    settings: JSON.parse(row.settings) as SyncedSettings,
    sealedKeys: row.sealed_keys === null ? null : (JSON.parse(row.sealed_keys) as SealedKeys),
    updatedAt: row.updated_at,
  };
}
