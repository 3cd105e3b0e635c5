import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { assignLocation } from '@/lib/browser-location';
import { startVersionCheck } from '@/lib/version/version-check';
import { versionStore } from '@/lib/version/version-store';
import { alice, fakeServer, json } from '../helpers/fake-server';
import { renderApp } from '../helpers/render-app';

vi.mock('@/lib/browser-location', () => ({ assignLocation: vi.fn(), reloadPage: vi.fn() }));

const initial = versionStore.getState();

beforeEach(() => {
  vi.mocked(assignLocation).mockClear();
  versionStore.setState({ latestId: null, updateReady: false });
});

afterEach(() => {
  versionStore.setState(initial);
  vi.useRealTimers();
});

describe('new build detected', () => {
  it('turns the next navigation into a full page load of its target', async () => {
    fakeServer({
      session: alice,
      routes: { 'GET /builds/latest.json': () => json({ id: 'build-2', timestamp: 2 }) },
    });
    const { user, location } = await renderApp('/test');
    expect(await screen.findByRole('heading', { name: 'Test page' })).toBeInTheDocument();
    expect(screen.getByText('test-build')).toBeInTheDocument();
    // The page lists the registered services once the registry has loaded.
    expect(await screen.findByText('chat-agent')).toBeInTheDocument();
    expect(screen.getByText('chat-social-msg')).toBeInTheDocument();

    await act(async () => versionStore.getState().recordLatest('build-2'));
    expect(
      await screen.findByText('A newer build loads on the next navigation.'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Contacts' }));
    await vi.waitFor(() => expect(assignLocation).toHaveBeenCalledWith('/contacts'));
    expect(location()).toBe('/test');
  });

  it('stays in the app while offline, where a full page load would show the browser’s error page', async () => {
    fakeServer({ session: alice });
    const { user } = await renderApp('/test');
    await screen.findByText('chat-agent');
    await act(async () => versionStore.getState().recordLatest('build-2'));
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await user.click(screen.getByRole('link', { name: 'Contacts' }));
    expect(await screen.findByRole('heading', { name: 'Contacts' })).toBeInTheDocument();
    expect(assignLocation).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  });

  it('stays in the app while the server does not answer', async () => {
    const server = fakeServer({
      session: alice,
      routes: { 'GET /builds/latest.json': () => new Response('', { status: 503 }) },
    });
    const { user } = await renderApp('/test');
    await screen.findByText('chat-agent');
    await act(async () => versionStore.getState().recordLatest('build-2'));
    await user.click(screen.getByRole('link', { name: 'Contacts' }));
    expect(await screen.findByRole('heading', { name: 'Contacts' })).toBeInTheDocument();
    expect(server.calls('GET /builds/latest.json')).toHaveLength(1);
    expect(assignLocation).not.toHaveBeenCalled();
  });

  it('navigates normally while the build is current', async () => {
    fakeServer({ session: alice });
    const { user } = await renderApp('/test');
    await screen.findByText('chat-agent');
    await act(async () => versionStore.getState().recordLatest('test-build'));
    await user.click(screen.getByRole('link', { name: 'Contacts' }));
    expect(await screen.findByRole('heading', { name: 'Contacts' })).toBeInTheDocument();
    expect(assignLocation).not.toHaveBeenCalled();
  });
});

describe('version polling', () => {
  function serveLatest(id: string) {
    return fakeServer({ routes: { 'GET /builds/latest.json': () => json({ id, timestamp: 1 }) } });
  }

  it('checks about 1 s after load, then every minute', async () => {
    vi.useFakeTimers();
    const server = serveLatest('build-2');
    const stop = startVersionCheck();
    await vi.advanceTimersByTimeAsync(999);
    expect(server.calls('GET /builds/latest.json')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(versionStore.getState().updateReady).toBe(true));
    expect(versionStore.getState().latestId).toBe('build-2');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.calls('GET /builds/latest.json')).toHaveLength(2);
    stop();
  });

  it('skips the early check on a data-saver connection', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('navigator', { ...navigator, connection: { saveData: true } });
    const server = serveLatest('build-2');
    const stop = startVersionCheck();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(server.calls('GET /builds/latest.json')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(55_000);
    expect(server.calls('GET /builds/latest.json')).toHaveLength(1);
    stop();
  });

  it('keeps the running build when the server reports the same id', async () => {
    vi.useFakeTimers();
    serveLatest('test-build');
    const stop = startVersionCheck();
    await vi.advanceTimersByTimeAsync(1_000);
    await vi.waitFor(() => expect(versionStore.getState().latestId).toBe('test-build'));
    expect(versionStore.getState().updateReady).toBe(false);
    stop();
  });
});
