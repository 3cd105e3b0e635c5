import { closeChatDbForTests } from '@/features/ai-chat/stores/chat-db';
import { declareAccount, resetAccountStorageForTests } from '@/lib/account-storage/account-storage';
import { resetSettingsForTests } from '@/lib/stored-settings/settings-store';

/**
 * A new page load (memory forgotten, IndexedDB kept) with `userId` signed in, as the root
 * layout declares it. The stores wait for this before reading IndexedDB.
 */
export async function openPageAs(userId: string | null): Promise<void> {
  resetAccountStorageForTests();
  resetSettingsForTests();
  await closeChatDbForTests();
  declareAccount(userId);
}
