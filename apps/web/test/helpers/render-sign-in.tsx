import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { signInView } from '@/app/sign-in/sign-in-view';

/**
 * Opens the sign-in document (src/sign-in-main.tsx) at `path`: the session is read, then the
 * page it chose is rendered, without the app's router or query client. `view` is null when the
 * page sent the visitor on.
 */
export async function renderSignIn(path: string) {
  const url = new URL(path, 'http://localhost');
  const location = { pathname: url.pathname, search: url.search, hash: url.hash };
  const view = await signInView(location);
  const user = userEvent.setup();
  if (view) {
    await act(async () => {
      render(view);
    });
  }
  return { view, user, location };
}
