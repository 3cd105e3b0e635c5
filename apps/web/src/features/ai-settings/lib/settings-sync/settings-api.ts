/** The server's synced provider settings route (docs/product.md#settings-and-key-sync). */
import {
  aiHistoryRoutes,
  aiSettingsSyncReplySchema,
  type AiSettingsSyncBody,
} from '@confab/protocol/ai-history';
import { apiFetch } from '@/lib/api-client';

export async function readSyncedSettings() {
  const reply = await apiFetch(aiHistoryRoutes.providerSettings, {
    parse: (json) => aiSettingsSyncReplySchema.parse(json),
  });
  return reply.data;
}

export async function writeSyncedSettings(body: AiSettingsSyncBody) {
  const reply = await apiFetch(aiHistoryRoutes.providerSettings, {
    method: 'PUT',
    body,
    parse: (json) => aiSettingsSyncReplySchema.parse(json),
  });
  return reply.data;
}
