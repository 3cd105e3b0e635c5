// docs/product.md#provider-settings: several providers set up at once, one the default.
import 'fake-indexeddb/auto';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProviderSettingsPanel } from '@/features/ai-settings/components/provider-settings-panel';
import { getSettings, loadSettings } from '@/lib/stored-settings/settings-store';
import { openPageAs } from '../helpers/account-storage';
import { fakeServer } from '../helpers/fake-server';

beforeEach(async () => {
  vi.stubGlobal('indexedDB', new IDBFactory());
  await openPageAs('u-1');
  await loadSettings();
  fakeServer({});
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the default provider on the settings screen', () => {
  it('a provider opened to be set up is saved beside the default, which stays', async () => {
    render(<ProviderSettingsPanel initialProvider="DeepSeek" />);
    const user = userEvent.setup();
    expect(screen.getByLabelText('Provider')).toHaveValue('DeepSeek');
    expect(screen.getByRole('option', { name: 'Ollama (default)' })).toBeInTheDocument();
    expect(screen.getByText(/Set up as many providers as you like/)).toBeVisible();
    const makeDefault = screen.getByRole('checkbox', { name: 'Default for new chats' });
    expect(makeDefault).not.toBeChecked();
    await user.type(screen.getByLabelText('API key'), 'sk-deep');
    await user.type(screen.getByLabelText('Model'), 'deepseek-chat');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(getSettings().api.providers.DeepSeek.key).toBe('sk-deep'));
    expect(getSettings().api.activeProvider).toBe('Ollama');

    await user.click(makeDefault);
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(getSettings().api.activeProvider).toBe('DeepSeek'));
  });

  it('choosing another provider in the list offers it as the default, as before', async () => {
    render(<ProviderSettingsPanel />);
    const user = userEvent.setup();
    const makeDefault = screen.getByRole('checkbox', { name: 'Default for new chats' });
    expect(makeDefault).toBeChecked();
    await user.selectOptions(screen.getByLabelText('Provider'), 'OpenAI');
    expect(makeDefault).toBeChecked();
  });
});
