import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createRootLoader } from '@/app/router/root-loader';
import {
  accountStorageOwner,
  resetAccountStorageForTests,
} from '@/lib/account-storage/account-storage';
import { assignLocation } from '@/lib/browser-location';
import { alice, fakeServer } from '../helpers/fake-server';

vi.mock('@/lib/browser-location', () => ({
  assignLocation: vi.fn(),
  replaceLocation: vi.fn(),
  reloadPage: vi.fn(),
}));

function load(path: string) {
  const loader = createRootLoader(
    new QueryClient({ defaultOptions: { queries: { retry: false } } }),
  );
  const request = new Request(new URL(path, 'http://localhost'));
  return loader({ request, params: {}, context: undefined } as LoaderFunctionArgs);
}

beforeEach(() => {
  resetAccountStorageForTests();
  vi.mocked(assignLocation).mockClear();
});

describe('the root loader', () => {
  // A signed-in page's stores (its settings, its chats) wait for the switch: started only once
  // the page's code had come and the root layout rendered, it held every page back by the
  // switch's own time after its code was there.
  it("starts switching the browser's stores to the signed-in account as soon as the session is read", async () => {
    fakeServer({ session: alice });
    await load('/agents/mindBox');
    // No page was rendered: nothing else declared the account.
    await vi.waitFor(() => expect(accountStorageOwner()).toBe('u-1'));
  });

  it('leaves the stores alone for a signed-out visitor, who is sent to sign in', async () => {
    fakeServer({});
    void load('/agents/mindBox');
    await vi.waitFor(() =>
      expect(assignLocation).toHaveBeenCalledWith('/public/login?redirect=%2Fagents%2FmindBox'),
    );
    expect(accountStorageOwner()).toBeUndefined();
  });
});
