// Unlocking reads the server's sealed keys and keeps the derived key in IndexedDB.
import 'fake-indexeddb/auto';
import { aiHistoryRoutes, type AiSettingsSync } from '@confab/protocol/ai-history';
import { defaultSettings } from '@confab/protocol/ai-settings';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KeySyncSection } from '@/features/ai-settings/components/key-sync-section';
import { SyncRefusedAlert } from '@/features/ai-settings/components/sync-refused-alert';
import { deriveSealingKey, sealKeys } from '@/features/ai-settings/lib/key-sealing';
import { withoutKeys } from '@/features/ai-settings/lib/settings-sync/settings-merge';
import { useSettingsSyncStore } from '@/features/ai-settings/stores/settings-sync-store';
import { getSettings } from '@/lib/stored-settings/settings-store';
import { openPageAs } from '../helpers/account-storage';
import { fakeServer, json } from '../helpers/fake-server';

const route = aiHistoryRoutes.providerSettings;

beforeEach(async () => {
  vi.stubGlobal('indexedDB', new IDBFactory());
  await openPageAs('u-1');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

// docs/product.md#settings-and-key-sync: the opt-in and the unlock on the settings screen.
describe('key sync on the provider settings screen', () => {
  it('asks for a passphrase of 8 characters or more, typed twice alike, before sending anything', async () => {
    const server = fakeServer({});
    useSettingsSyncStore.setState({ mode: 'synced', serverHasKeys: false, keySync: false });
    render(<KeySyncSection onKeysChanged={() => {}} />);
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Sync API keys (end-to-end encrypted)'));
    expect(screen.getByText(/never sees the passphrase/)).toBeVisible();
    expect(screen.getByText(/A forgotten passphrase cannot be recovered/)).toBeVisible();

    await user.type(screen.getByLabelText('Passphrase'), 'short');
    await user.type(screen.getByLabelText('Confirm passphrase'), 'short');
    await user.click(screen.getByRole('button', { name: 'Turn on key sync' }));
    expect(screen.getByText('The passphrase must have at least 8 characters.')).toBeVisible();

    await user.type(screen.getByLabelText('Passphrase'), ' but longer');
    await user.click(screen.getByRole('button', { name: 'Turn on key sync' }));
    expect(screen.getByText('The two passphrases differ.')).toBeVisible();
    expect(server.calls(`PUT ${route}`)).toHaveLength(0);
  });

  it('says a wrong passphrase opened nothing, and the right one brings the keys', async () => {
    const sealed = await sealKeys(await deriveSealingKey('correct horse battery'), {
      OpenAI: { key: 'sk-from-the-laptop', secret: '' },
    });
    const stored: AiSettingsSync = {
      settings: withoutKeys(defaultSettings()),
      sealedKeys: sealed,
      updatedAt: 1,
    };
    fakeServer({ routes: { [`GET ${route}`]: () => json({ statusCode: 200, data: stored }) } });
    useSettingsSyncStore.setState({ mode: 'synced', serverHasKeys: true, keySync: false });
    const onKeysChanged = vi.fn();
    render(<KeySyncSection onKeysChanged={onKeysChanged} />);
    const user = userEvent.setup();
    expect(screen.getByText('Enter your passphrase to use your synced API keys.')).toBeVisible();

    await user.type(screen.getByLabelText('Passphrase'), 'wrong horse battery');
    await user.click(screen.getByRole('button', { name: 'Unlock keys' }));
    expect(
      await screen.findByText(
        'Wrong passphrase: the synced keys could not be opened. Nothing was changed.',
      ),
    ).toBeVisible();
    expect(getSettings().api.providers.OpenAI.key).toBe('');
    expect(onKeysChanged).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('Passphrase'));
    await user.type(screen.getByLabelText('Passphrase'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Unlock keys' }));
    expect(await screen.findByText('API keys are synced, end-to-end encrypted.')).toBeVisible();
    expect(getSettings().api.providers.OpenAI.key).toBe('sk-from-the-laptop');
    expect(onKeysChanged).toHaveBeenCalledOnce();
  });

  it('says nothing is synced while the account keeps its AI chats on this device only', () => {
    useSettingsSyncStore.setState({ mode: 'device', serverHasKeys: false, keySync: false });
    render(<KeySyncSection onKeysChanged={() => {}} />);
    expect(screen.getByText(/kept on this device only/)).toBeVisible();
    expect(screen.queryByLabelText('Sync API keys (end-to-end encrypted)')).toBeNull();
  });
});

describe('a refusal of the settings by the server', () => {
  it('is shown with its reason until a write is taken', () => {
    useSettingsSyncStore.setState({ refused: 'settings.presets.0.name: Give the preset a name' });
    const { rerender } = render(<SyncRefusedAlert />);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The server did not take these settings, so they are kept on this device only.',
    );
    expect(screen.getByRole('alert')).toHaveTextContent('settings.presets.0.name');
    useSettingsSyncStore.setState({ refused: null });
    rerender(<SyncRefusedAlert />);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
