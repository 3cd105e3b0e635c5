import type { AiChat } from '@confab/protocol/ai-chat';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ChatSettingsForm } from '@/features/ai-chat/components/chat-settings-form';

const chat: AiChat = {
  id: 'c1',
  createdAt: 0,
  updatedAt: 0,
  summary: 'Chat',
  model: '',
  systemMessage: '',
  maxCtxMessages: 10,
  temperature: 2,
  maxTokens: null,
  prompt: '',
  input: '',
  stream: true,
  context: '',
};

function renderForm(provider: 'OpenAI' | 'Ollama', temperature = 2) {
  const onSave = vi.fn(() => Promise.resolve());
  render(
    <ChatSettingsForm
      chat={{ ...chat, temperature }}
      provider={provider}
      providerModel="qwen2.5:7b"
      onSave={onSave}
    />,
  );
  return { onSave, user: userEvent.setup() };
}

describe('chat settings: the temperature against the provider in use', () => {
  it("shows the active provider's range and that a temperature outside it is sent as its bound", () => {
    renderForm('Ollama');
    expect(screen.getByText('0 to 1 for Ollama, default 0.9.')).toBeInTheDocument();
    expect(
      screen.getByText("This chat's temperature 2 is outside Ollama's range: 1 is sent instead."),
    ).toBeInTheDocument();
  });

  it('says nothing more when the temperature is within the range', () => {
    renderForm('OpenAI');
    expect(screen.getByText('0 to 2 for OpenAI, default 1.')).toBeInTheDocument();
    expect(screen.queryByText(/is outside/)).not.toBeInTheDocument();
  });

  it("refuses to save a temperature outside the active provider's range", async () => {
    const { onSave, user } = renderForm('Ollama');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Temperature must be between 0 and 1.')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });
});

describe('chat settings: no tools', () => {
  it('a chat can be set to offer the model no tools, and keeps it', async () => {
    const { onSave, user } = renderForm('OpenAI', 1);
    const toggle = screen.getByRole('checkbox', { name: 'No tools' });
    expect(toggle).not.toBeChecked();
    expect(
      screen.getByText('The model gets no MCP tools in this chat, even when servers are active.'),
    ).toBeInTheDocument();
    await user.click(toggle);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ noTools: true }));
  });
});

describe('chat settings: top P and presence penalty', () => {
  it('shows the ranges and defaults, and saves valid values', async () => {
    const { onSave, user } = renderForm('OpenAI', 1);
    expect(screen.getByLabelText('Top P')).toHaveValue('1');
    expect(screen.getByLabelText('Presence penalty')).toHaveValue('0');
    expect(screen.getByText('0 to 1, default 1.')).toBeInTheDocument();
    expect(screen.getByText('-2 to 2, default 0.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Top P'));
    await user.type(screen.getByLabelText('Top P'), '0.8');
    await user.clear(screen.getByLabelText('Presence penalty'));
    await user.type(screen.getByLabelText('Presence penalty'), '-1.5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({ topP: 0.8, presencePenalty: -1.5 }),
    );
  });

  it.each([
    ['Top P', '1.5', 'Top P must be a number between 0 and 1.'],
    ['Top P', 'abc', 'Top P must be a number between 0 and 1.'],
    ['Presence penalty', '3', 'Presence penalty must be a number between -2 and 2.'],
    ['Presence penalty', '-2.5', 'Presence penalty must be a number between -2 and 2.'],
  ])('%s %s is refused with a message, and nothing is saved', async (label, value, message) => {
    const { onSave, user } = renderForm('OpenAI', 1);
    await user.clear(screen.getByLabelText(label));
    await user.type(screen.getByLabelText(label), value);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });
});
