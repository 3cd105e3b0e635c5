import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { McpResource } from '@confab/protocol/mcp-prompts';
import { ResourcePicker } from '@/features/ai-chat/components/resource-picker';
import type { PromptSources } from '@/features/ai-chat/lib/prompt-sources';
import { ApiError } from '@/lib/api-error';
import { changeLanguage } from '@/lib/i18n/i18n';

const hostile = '<img src=x onerror="window.__pwned=1">';
const notes: McpResource = { uri: 'notes://today', name: 'today', description: "Today's notes" };
const evil: McpResource = { uri: 'x://evil', name: hostile, title: hostile };

function sources(read: PromptSources['read']): PromptSources {
  return {
    prompts: async () => ({ prompts: [], failures: [] }),
    fill: async () => '',
    servers: async () => [
      { key: 'modern', name: 'Modern' },
      { key: 'other', name: 'Other' },
    ],
    resources: async (server) => (server === 'modern' ? [notes, evil] : []),
    read,
  };
}

describe('attaching a resource', () => {
  it('closes with its own button, named in English and Chinese', async () => {
    const user = userEvent.setup();
    render(<ResourcePicker sources={sources(vi.fn())} onFiles={async () => {}} />);
    await user.click(screen.getByRole('button', { name: 'Attach a resource' }));
    const dialog = await screen.findByRole('dialog', { name: 'Attach a resource' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await changeLanguage('zh-CN');
    try {
      await user.click(screen.getByRole('button', { name: '附加资源' }));
      const zh = await screen.findByRole('dialog', { name: '附加资源' });
      await user.click(within(zh).getByRole('button', { name: '关闭' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    } finally {
      await changeLanguage('en');
    }
  });

  it('lists a server’s resources as text, searches them, and hands the one chosen to the tray', async () => {
    const user = userEvent.setup();
    const file = new File(['Buy milk.'], 'today', { type: 'text/plain' });
    const read = vi.fn(async () => [file]);
    const onFiles = vi.fn(async () => {});
    render(<ResourcePicker sources={sources(read)} onFiles={onFiles} />);
    await user.click(screen.getByRole('button', { name: 'Attach a resource' }));
    const dialog = await screen.findByRole('dialog', { name: 'Attach a resource' });
    const list = await within(dialog).findByRole('list', { name: 'Resources' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByText(hostile)).toBeInTheDocument();
    expect(document.querySelector('img')).toBeNull();
    await user.type(
      within(dialog).getByRole('searchbox', { name: 'Search the resources' }),
      'notes',
    );
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    await user.click(within(list).getByRole('button', { name: /today/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(read).toHaveBeenCalledWith('modern', notes);
    expect(onFiles).toHaveBeenCalledWith([file]);
  });

  it('says when a server has none, and when a resource cannot be read (the picker stays open)', async () => {
    const user = userEvent.setup();
    const read = vi.fn(() =>
      Promise.reject(new ApiError({ statusCode: 404, code: 'NOT_FOUND', message: 'no resource' })),
    );
    render(<ResourcePicker sources={sources(read)} onFiles={async () => {}} />);
    await user.click(screen.getByRole('button', { name: 'Attach a resource' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('button', { name: /today/ }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The resource could not be attached',
    );
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Server' }), 'other');
    expect(await within(dialog).findByText('No resources')).toBeInTheDocument();
  });
});
