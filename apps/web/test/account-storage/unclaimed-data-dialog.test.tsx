import 'fake-indexeddb/auto';
import { defaultSettings } from '@confab/protocol/ai-settings';
import { screen, waitFor } from '@testing-library/react';
import { IDBFactory } from 'fake-indexeddb';
import { createStore, set } from 'idb-keyval';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { accountStorageReady } from '@/lib/account-storage/account-storage';
import {
  getSettings,
  loadSettings,
  resetSettingsForTests,
} from '@/lib/stored-settings/settings-store';
import { backToEnglish, inChinese } from '../helpers/contacts';
import { alice, fakeServer } from '../helpers/fake-server';
import { renderApp } from '../helpers/render-app';

/** A key stored by an older build, before the stores had an owner. */
async function keyStoredWithoutOwner() {
  const settings = defaultSettings();
  settings.api.providers.OpenAI.key = 'sk-old';
  await set('settings', settings, createStore('keyval-store', 'keyval'));
}

async function keySeen() {
  await loadSettings();
  return getSettings().api.providers.OpenAI.key;
}

beforeEach(async () => {
  resetSettingsForTests();
  vi.stubGlobal('indexedDB', new IDBFactory());
  await keyStoredWithoutOwner();
  fakeServer({ session: alice });
});

describe('data found without an owner', () => {
  it('asks the account that signs in; yes makes it theirs', async () => {
    const { user } = await renderApp('/confab');
    const dialog = await screen.findByRole('alertdialog', { name: 'Is this data yours?' });
    expect(dialog).toHaveTextContent('API keys included');
    await user.click(screen.getByRole('button', { name: 'Yes, they are mine' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(await accountStorageReady()).toBe(true);
    expect(await keySeen()).toBe('sk-old');
  });

  it('no sets it aside: the account does not see it', async () => {
    const { user } = await renderApp('/confab');
    await screen.findByRole('alertdialog', { name: 'Is this data yours?' });
    await user.click(screen.getByRole('button', { name: 'No, set them aside' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(await keySeen()).toBe('');
  });

  it('asks in Chinese too, and can delete the data', async () => {
    await inChinese();
    try {
      const { user } = await renderApp('/confab');
      await screen.findByRole('alertdialog', { name: '这些数据是你的吗？' });
      await user.click(screen.getByRole('button', { name: '删除它们' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
      expect(await keySeen()).toBe('');
    } finally {
      await backToEnglish();
    }
  });
});
