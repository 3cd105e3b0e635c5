import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { alice, fakeServer } from '../helpers/fake-server';
import { renderApp } from '../helpers/render-app';

const order = () =>
  within(screen.getByRole('list', { name: 'Theme colours' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('draggable list', () => {
  it('reorders by keyboard: pick up, move, drop', async () => {
    fakeServer({ session: alice });
    const { user } = await renderApp('/test/draggable');
    await screen.findByRole('heading', { name: 'Draggable list' });
    expect(order().slice(0, 3)).toEqual(['Primary', 'Secondary', 'Success']);

    screen.getByRole('button', { name: 'Move Primary' }).focus();
    await user.keyboard(' ');
    expect(screen.getByText(/Primary picked up at position 1 of 7/)).toBeInTheDocument();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    await user.keyboard(' ');
    expect(order().slice(0, 3)).toEqual(['Secondary', 'Success', 'Primary']);
    expect(screen.getByText('Primary dropped at position 3 of 7.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Move Primary' })).toHaveFocus();
  });

  it('puts the item back on Escape', async () => {
    fakeServer({ session: alice });
    const { user } = await renderApp('/test/draggable');
    await screen.findByRole('heading', { name: 'Draggable list' });
    screen.getByRole('button', { name: 'Move Neutral' }).focus();
    await user.keyboard(' {ArrowUp}{ArrowUp}');
    expect(order().at(-3)).toBe('Neutral');
    await user.keyboard('{Escape}');
    expect(order().at(-1)).toBe('Neutral');
    expect(screen.getByText('Move cancelled; Neutral is back at position 7.')).toBeInTheDocument();
  });
});
