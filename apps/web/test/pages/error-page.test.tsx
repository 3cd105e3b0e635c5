import { render, screen } from '@testing-library/react';
import { createMemoryRouter, data, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ErrorPage } from '@/app/error-pages/error-page';
import { RouteErrorPage } from '@/app/error-pages/route-error-page';

function renderPage(element: React.ReactNode) {
  render(<RouterProvider router={createMemoryRouter([{ path: '/', element }])} />);
}

describe('error page defaults', () => {
  it('is a 500 "Internal Server Error" when told nothing', () => {
    renderPage(<ErrorPage />);
    expect(screen.getByText('500')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Internal Server Error' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();
  });

  it('says "Page Not Found" for a 404 without a message', () => {
    renderPage(<ErrorPage statusCode={404} />);
    expect(screen.getByText('404')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
  });

  it('says "Internal Server Error" for any other status without a message', () => {
    renderPage(<ErrorPage statusCode={403} />);
    expect(screen.getByRole('heading', { name: 'Internal Server Error' })).toBeInTheDocument();
  });

  it('shows a given message and a way home', () => {
    renderPage(<ErrorPage statusCode={410} message="Chat removed" />);
    expect(screen.getByRole('heading', { name: 'Chat removed' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });

  it("shows a route's own not-found error with its status and message", async () => {
    const router = createMemoryRouter(
      [
        {
          path: '/chat',
          loader: () => {
            // eslint-disable-next-line @typescript-eslint/only-throw-error -- react-router's error response
            throw data({ message: 'Chat not found' }, { status: 404 });
          },
          element: <p>chat</p>,
          errorElement: <RouteErrorPage />,
          hydrateFallbackElement: <p>loading</p>,
        },
      ],
      { initialEntries: ['/chat'] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Chat not found' })).toBeInTheDocument();
    expect(screen.getByText('404')).toBeInTheDocument();
    expect(screen.queryByText('chat')).not.toBeInTheDocument();
  });
});
