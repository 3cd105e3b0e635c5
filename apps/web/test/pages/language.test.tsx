import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '@/lib/i18n/i18n';
import { alice, fakeServer, noContacts } from '../helpers/fake-server';
import { renderApp } from '../helpers/render-app';

afterEach(async () => {
  await act(() => changeLanguage('en'));
});

describe('language switch', () => {
  it('switches the interface to Chinese, sets <html lang> and remembers the choice', async () => {
    fakeServer({ session: alice, routes: noContacts });
    const { user } = await renderApp('/contacts');
    await screen.findByRole('heading', { name: 'Contacts' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'zh-CN');
    expect(await screen.findByRole('heading', { name: '联系人' })).toBeInTheDocument();
    expect(await screen.findByText('暂无联系人')).toBeInTheDocument();
    expect(screen.getByText('您还没有添加任何联系人')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(localStorage.getItem('confab:language')).toBe('zh-CN');
    // The label keeps the English word, so the way back is findable.
    expect(screen.getByRole('combobox', { name: /Language/ })).toHaveValue('zh-CN');
  });
});
