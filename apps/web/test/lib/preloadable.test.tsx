import { act, render, screen } from '@testing-library/react';
import { Component, useState, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { preloadable } from '@/lib/preloadable';

const Greeting = ({ name }: { name: string }) => <p>Hello {name}</p>;

/** Shows what a failed load threw, and mounts its children again on "Again". */
class Boundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <button type="button" onClick={() => this.setState({ error: null })}>
        Again: {this.state.error.message}
      </button>
    );
  }
}

describe('preloadable', () => {
  it('shows a panel loaded first at once, whole, with no spinner', async () => {
    const Panel = preloadable(async () => Greeting);
    await Panel.load();
    render(<Panel name="Ada" />);
    // In the first render: nothing waited for.
    expect(screen.getByText('Hello Ada')).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows a spinner while the code of a panel shown before it loaded comes', async () => {
    let arrive: (component: typeof Greeting) => void = () => {};
    const Panel = preloadable(() => new Promise<typeof Greeting>((resolve) => (arrive = resolve)));
    // Rendered in an awaited act, as React wants a tree that suspends.
    await act(async () => {
      render(<Panel name="Ada" />);
    });
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    await act(async () => arrive(Greeting));
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows a failed load to the error boundary, and tries again on the next opening', async () => {
    let attempts = 0;
    const Panel = preloadable(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('offline');
      return Greeting;
    });
    function Page() {
      const [openings, setOpenings] = useState(0);
      // As the AI chat's openers do: the code first, then the panel, whether it came or not.
      const show = () => setOpenings((n) => n + 1);
      const open = () => void Panel.load().then(show, show);
      return (
        <>
          <button type="button" onClick={open}>
            Open
          </button>
          <Boundary key={openings}>{openings ? <Panel name="Ada" /> : null}</Boundary>
        </>
      );
    }
    await act(async () => {
      render(<Page />);
    });
    await act(async () => screen.getByRole('button', { name: 'Open' }).click());
    expect(await screen.findByRole('button', { name: 'Again: offline' })).toBeInTheDocument();
    expect(attempts).toBe(1);
    await act(async () => screen.getByRole('button', { name: 'Open' }).click());
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
    expect(attempts).toBe(2);
  });
});
