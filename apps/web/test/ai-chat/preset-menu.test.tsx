import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PresetMenu } from '@/features/ai-chat/components/preset-menu';
import { aiPreset } from '../helpers/ai-chat-records';

const reviewer = aiPreset('p1', { name: 'Reviewer', systemMessage: 'Review.' });

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

// Starting a chat from a preset moves the focus to the composer. The menu, closing, gives it
// back to its button a moment later unless told not to: the composer's focus must stay, however
// soon the new chat is ready.
describe('the preset menu', () => {
  it('leaves the focus where starting a chat put it', async () => {
    const user = userEvent.setup();
    render(
      <>
        <textarea aria-label="Message" />
        <PresetMenu
          builtIns={[]}
          own={[reviewer]}
          onStart={() => setTimeout(() => document.querySelector('textarea')?.focus())}
          onManage={() => undefined}
        />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Start from a preset' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Reviewer' }));
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    await settle();
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveFocus();
  });

  it('gives the focus back to its button when closed without a choice', async () => {
    const user = userEvent.setup();
    render(
      <PresetMenu
        builtIns={[]}
        own={[reviewer]}
        onStart={() => undefined}
        onManage={() => undefined}
      />,
    );
    const button = screen.getByRole('button', { name: 'Start from a preset' });
    await user.click(button);
    await screen.findByRole('menu');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(button).toHaveFocus());
  });
});
