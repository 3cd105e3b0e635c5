import type { AiChat } from '@confab/protocol/ai-chat';
import type { McpTool } from '@confab/protocol/mcp';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ChatSettingsForm } from '@/features/ai-chat/components/chat-settings-form';
import { ToolSelectionFieldContext } from '@/features/ai-chat/lib/tool-selection-field-context';
import { ChatToolCallCard } from '@/features/mcp-tools/components/chat-tool-call-card';
import { ChatToolPicker } from '@/features/mcp-tools/components/chat-tool-picker';
import { fakeServer, json } from '../helpers/fake-server';
import { echoTool, offer, server, sumTool } from './fixtures';

const chat: AiChat = {
  id: 'c1',
  createdAt: 0,
  updatedAt: 0,
  summary: 'Chat',
  model: '',
  systemMessage: '',
  maxCtxMessages: 10,
  temperature: 1,
  maxTokens: null,
  prompt: '',
  input: '',
  stream: true,
  context: '',
};

const second: McpTool[] = [
  { ...echoTool, server: 'second' },
  { ...sumTool, server: 'second' },
];

function renderForm(saved: Partial<AiChat> = {}, toolStates: Record<string, boolean> = {}) {
  fakeServer({
    routes: {
      'GET /api/mcp/offer': () =>
        json(
          offer(
            [server(), server({ key: 'second', name: 'Second' })],
            [echoTool, sumTool, ...second],
          ),
        ),
    },
  });
  const onSave = vi.fn(() => Promise.resolve());
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ToolSelectionFieldContext.Provider
        value={(props) => <ChatToolPicker {...props} toolStates={toolStates} />}
      >
        <ChatSettingsForm
          chat={{ ...chat, ...saved }}
          provider="OpenAI"
          providerModel="gpt-4o"
          onSave={onSave}
        />
      </ToolSelectionFieldContext.Provider>
    </QueryClientProvider>,
  );
  return { onSave, user: userEvent.setup() };
}

const save = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole('button', { name: 'Save' }));

describe('picking the tools a chat offers', () => {
  it('starts from no tool when "All" is unticked, and offers what is then ticked', async () => {
    const { onSave, user } = renderForm();
    await user.click(
      await screen.findByRole('checkbox', { name: 'All tools of the active servers' }),
    );
    expect(screen.getByText('0 tools offered with each request.')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Second' }));
    await save(user);
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ toolSelection: ['second'] }));
  });

  it('offers all tools by default and says how many go with each request', async () => {
    const { onSave, user } = renderForm({}, { 'second.get-sum': false });
    const all = await screen.findByRole('checkbox', { name: 'All tools of the active servers' });
    expect(all).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Everything' })).toBeChecked();
    // A tool switched off in the tools settings is not offered, so not counted.
    expect(screen.getByText('3 tools offered with each request.')).toBeInTheDocument();
    await save(user);
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ toolSelection: undefined }));
  });

  it('keeps a server and one tool of another, and saves them on the chat', async () => {
    const { onSave, user } = renderForm();
    await user.click(await screen.findByRole('checkbox', { name: 'Second' }));
    expect(
      screen.getByRole('checkbox', { name: 'All tools of the active servers' }),
    ).not.toBeChecked();
    const tools = screen.getByRole('list', { name: 'Tools of Second' });
    await user.click(within(tools).getByRole('checkbox', { name: 'echo' }));
    expect(screen.getByText('3 tools offered with each request.')).toBeInTheDocument();
    expect(screen.getByText('1 of 2 tools')).toBeInTheDocument();
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Second' }).indeterminate).toBe(
      true,
    );
    await save(user);
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({ toolSelection: ['everything', 'second.echo'] }),
    );
  });

  it('shows a saved selection, ticking the last tool of a server keeps the server', async () => {
    const { onSave, user } = renderForm({ toolSelection: ['second.echo'] });
    expect(await screen.findByRole('checkbox', { name: 'Everything' })).not.toBeChecked();
    const tools = screen.getByRole('list', { name: 'Tools of Second' });
    await user.click(within(tools).getByRole('checkbox', { name: 'get-sum' }));
    expect(screen.getByRole('checkbox', { name: 'Second' })).toBeChecked();
    await save(user);
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ toolSelection: ['second'] }));
  });

  it('has nothing to pick while the chat uses no tools', async () => {
    const { user } = renderForm();
    await user.click(screen.getByRole('checkbox', { name: 'No tools' }));
    expect(await screen.findByRole('checkbox', { name: 'Everything' })).toBeDisabled();
  });
});

describe('the search step in a reply', () => {
  it('shows what the model searched for and the tools it found', async () => {
    const user = userEvent.setup();
    render(
      <ChatToolCallCard
        live={false}
        call={{
          id: 'c1',
          name: 'confab--search_tools',
          args: '{"query":"add numbers","server":"everything"}',
          outcome: 'result',
          output: JSON.stringify([
            { name: 'everything--get-sum', description: 'Returns the sum', inputSchema: {} },
          ]),
        }}
      />,
    );
    expect(screen.getByText('Searched tools: “add numbers”')).toBeInTheDocument();
    expect(screen.getByText('Found 1 tool')).toBeInTheDocument();
    await user.click(screen.getByText('Searched tools: “add numbers”'));
    const found = screen.getByRole('list', { name: 'Tools found' });
    expect(found).toHaveTextContent('everything--get-sum');
    expect(found).toHaveTextContent('Returns the sum');
    expect(screen.getByText('On server everything')).toBeInTheDocument();
  });

  it('says when nothing matched, and shows a bad search’s error', () => {
    const { rerender } = render(
      <ChatToolCallCard
        live={false}
        call={{
          id: 'c1',
          name: 'confab--search_tools',
          args: { query: 'weather' },
          outcome: 'result',
          output: 'No tool matches "weather". Try other keywords.',
        }}
      />,
    );
    expect(screen.getByText('Found 0 tools')).toBeInTheDocument();
    expect(
      screen.getByText('No tool matched; the model was told to try other words.'),
    ).toBeInTheDocument();
    rerender(
      <ChatToolCallCard
        live={false}
        call={{
          id: 'c1',
          name: 'confab--search_tools',
          args: {},
          outcome: 'error',
          output: 'Error: query must be a non-empty string',
          error: 'query must be a non-empty string',
        }}
      />,
    );
    expect(screen.getByText('Failed')).toBeInTheDocument();
    expect(screen.getByText('query must be a non-empty string')).toBeInTheDocument();
  });
});
