import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useToggleHotkey } from '@/features/contacts/hooks/use-toggle-hotkey';

function Harness() {
  const [open, setOpen] = useState(false);
  useToggleHotkey('o', () => setOpen((value) => !value));
  return (
    <div>
      <p>{open ? 'open' : 'closed'}</p>
      <input aria-label="name" />
      <textarea aria-label="note" />
      <input aria-label="agree" type="checkbox" />
      <div aria-label="editor" contentEditable suppressContentEditableWarning />
      <button type="button">other</button>
    </div>
  );
}

describe('the o key', () => {
  it('toggles when nothing or a button has focus', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.keyboard('o');
    expect(screen.getByText('open')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'other' }));
    await user.keyboard('o');
    expect(screen.getByText('closed')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'agree' }));
    await user.keyboard('o');
    expect(screen.getByText('open')).toBeInTheDocument();
  });

  it('types into a focused text field instead of toggling', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(screen.getByRole('textbox', { name: 'name' }), 'foo');
    await user.type(screen.getByRole('textbox', { name: 'note' }), 'oo');
    await user.click(screen.getByLabelText('editor'));
    await user.keyboard('o');
    expect(screen.getByText('closed')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'name' })).toHaveValue('foo');
  });

  it('ignores o with a modifier and other keys', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.keyboard('{Control>}o{/Control}{Meta>}o{/Meta}{Alt>}o{/Alt}p');
    expect(screen.getByText('closed')).toBeInTheDocument();
  });
});
