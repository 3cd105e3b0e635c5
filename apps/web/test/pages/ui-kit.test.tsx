import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toast, useToastStore } from '@/components/ui/toast-store';
import { fakeServer } from '../helpers/fake-server';
import { renderApp } from '../helpers/render-app';

describe('component preview', () => {
  it('shows the UI kit to a signed-out visitor', async () => {
    fakeServer({});
    await renderApp('/__preview');
    await screen.findByRole('heading', { name: 'UI kit' });
    for (const section of [
      'Buttons',
      'Inputs',
      'Alerts',
      'Badges',
      'Tabs',
      'Tooltip',
      'Toast',
      'Drawer',
      'Avatars',
    ]) {
      expect(screen.getByRole('heading', { name: section })).toBeInTheDocument();
    }
    const avatars = within(screen.getByRole('region', { name: 'Avatars' }));
    expect(avatars.getAllByRole('img', { name: 'Confab' })).toHaveLength(5);
    expect(avatars.getByText('16 px')).toBeInTheDocument();
    expect(avatars.getByText('48 px')).toBeInTheDocument();
  });

  it('switches tabs and opens the drawer', async () => {
    fakeServer({});
    const { user } = await renderApp('/__preview');
    await screen.findByRole('heading', { name: 'UI kit' });
    await user.click(screen.getByRole('tab', { name: 'Details' }));
    expect(screen.getByRole('tabpanel')).toHaveTextContent(
      'Use the arrow keys to move between tabs.',
    );
    await user.click(screen.getByRole('button', { name: 'Open the drawer' }));
    expect(await screen.findByRole('dialog', { name: 'A bottom drawer' })).toBeInTheDocument();
  });

  it('shows a toast, at most five at once', async () => {
    fakeServer({});
    const { user } = await renderApp('/__preview');
    await screen.findByRole('heading', { name: 'UI kit' });
    await user.click(screen.getByRole('button', { name: 'Show a notification' }));
    expect(
      await screen.findByText('Notifications close after 5 seconds; press F8 to reach them.'),
    ).toBeInTheDocument();

    act(() => {
      for (let index = 1; index <= 6; index++) toast({ title: `Toast ${index}` });
    });
    expect(useToastStore.getState().toasts).toHaveLength(5);
    expect(await screen.findByText('Toast 6')).toBeInTheDocument();
    expect(screen.queryByText('Toast 1')).not.toBeInTheDocument();
    act(() => useToastStore.setState({ toasts: [] }));
  });
});
