import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { assignLocation } from '@/lib/browser-location';
import { alice, fakeServer, noContacts } from '../helpers/fake-server';
import { renderApp } from '../helpers/render-app';

vi.mock('@/lib/browser-location', () => ({
  assignLocation: vi.fn(),
  replaceLocation: vi.fn(),
  reloadPage: vi.fn(),
}));

beforeEach(() => {
  vi.mocked(assignLocation).mockClear();
});

describe('navigation guard in the router', () => {
  it('sends a signed-out visitor from /contacts to the sign-in page (its own document), remembering the way back', async () => {
    fakeServer({});
    await renderApp('/contacts?tab=add');
    await vi.waitFor(() =>
      expect(assignLocation).toHaveBeenCalledWith('/public/login?redirect=%2Fcontacts%3Ftab%3Dadd'),
    );
    expect(screen.queryByRole('heading', { name: 'Contacts' })).not.toBeInTheDocument();
  });

  it.each(['/public/login?redirect=%2Fagents', '/public/register'])(
    'loads the sign-in document for %s rather than showing a page of the app',
    async (path) => {
      fakeServer({});
      await renderApp(path);
      await vi.waitFor(() => expect(assignLocation).toHaveBeenCalledWith(path));
      expect(screen.queryByRole('heading', { name: 'Page not found' })).not.toBeInTheDocument();
    },
  );

  it('loads the sign-in document when a link of the landing page leads there', async () => {
    fakeServer({});
    const app = await renderApp('/');
    await app.user.click(await screen.findByRole('link', { name: 'Create an account' }));
    await vi.waitFor(() => expect(assignLocation).toHaveBeenCalledWith('/public/register'));
  });

  it('sends a signed-in visitor from /public/login to /confab', async () => {
    fakeServer({ session: alice });
    const app = await renderApp('/public/login');
    expect(await screen.findByRole('heading', { name: 'Welcome, alice' })).toBeInTheDocument();
    expect(app.location()).toBe('/confab');
  });

  it("follows the public header's home link through the router, without a page load", async () => {
    fakeServer({});
    const app = await renderApp('/__preview');
    await screen.findByRole('heading', { name: 'UI kit' });
    await app.user.click(screen.getAllByRole('link', { name: 'Confab' })[0]!);
    expect(await screen.findByRole('link', { name: 'Create an account' })).toBeInTheDocument();
    expect(app.location()).toBe('/');
    expect(assignLocation).not.toHaveBeenCalled();
  });

  it('lets a signed-in visitor open a protected page', async () => {
    fakeServer({ session: alice, routes: noContacts });
    await renderApp('/contacts');
    expect(await screen.findByRole('heading', { name: 'Contacts' })).toBeInTheDocument();
    expect(await screen.findByText('No contacts yet')).toBeInTheDocument();
  });

  it.each([
    ['signed out', {}],
    ['signed in', alice],
  ] as const)('shows the 404 page for an unknown path when %s', async (_state, session) => {
    fakeServer({ session });
    const app = await renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText('404')).toBeInTheDocument();
    expect(app.location()).toBe('/no/such/page');
  });

  it('treats paths case-sensitively: /CONTACTS is unknown', async () => {
    fakeServer({});
    await renderApp('/CONTACTS');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('keeps the component preview open when signed in', async () => {
    fakeServer({ session: alice });
    const app = await renderApp('/__preview');
    expect(await screen.findByRole('heading', { name: 'UI kit' })).toBeInTheDocument();
    expect(app.location()).toBe('/__preview');
  });

  it('treats a failed session read as signed out', async () => {
    fakeServer({
      routes: { 'GET /api/_auth/session': () => new Response('upstream down', { status: 502 }) },
    });
    await renderApp('/test');
    await vi.waitFor(() =>
      expect(assignLocation).toHaveBeenCalledWith('/public/login?redirect=%2Ftest'),
    );
  });

  it('leaves the page for the login page when the session ends under it', async () => {
    const server = fakeServer({ session: alice });
    const app = await renderApp('/test');
    expect(await screen.findByRole('heading', { name: 'Test page' })).toBeInTheDocument();
    server.state.session = {};
    await app.queryClient.invalidateQueries({ queryKey: ['session'] });
    await vi.waitFor(() =>
      expect(assignLocation).toHaveBeenCalledWith('/public/login?redirect=%2Ftest'),
    );
  });
});
