import 'fake-indexeddb/auto';
import type { AiMessagePayload } from '@confab/protocol/ai-in-chat';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { askModelBridge } from '@/features/ai-chat/actions/ask-model';
import { MarkdownView } from '@/features/ai-chat/components/markdown-view';
import { loadMarkdownParser } from '@/features/ai-chat/lib/markdown-processor';
import { chatDb, closeChatDbForTests } from '@/features/ai-chat/stores/chat-db';
import { initialChatState, useChatStore } from '@/features/ai-chat/stores/chat-store';
import { MessageBubble } from '@/features/social-chat/components/message-bubble';
import type { RoomMessage } from '@/features/social-chat/lib/message-order';
import { declareAccount } from '@/lib/account-storage/account-storage';
import { AiBridgeContext, AiMarkdownSlot } from '@/lib/ai-bridge/ai-bridge';
import { changeLanguage } from '@/lib/i18n/i18n';
import { bubbleHandlers } from './bubble-handlers';

const share: AiMessagePayload = {
  kind: 'share',
  title: 'Trip',
  model: 'gpt-4o',
  provider: 'OpenAI',
  turns: [
    {
      prompt: 'Where to go?',
      reply: 'Go to **Lisbon**.',
      reasoning: 'Thought about it',
      toolCalls: [{ name: 'weather', ok: true }],
    },
    {
      prompt: 'And then?',
      reply: 'Then *Porto*.',
      reasoning: '',
      toolCalls: [{ name: 'maps', ok: false }],
    },
  ],
  inputTokens: 1000,
  outputTokens: 1000,
};

const answer: AiMessagePayload = {
  kind: 'answer',
  question: 'Which day suits us both?',
  reply: 'Saturday works for both of you.',
  reasoning: '',
  model: 'gpt-4o',
  provider: 'OpenAI',
  contextCount: 12,
  inputTokens: 1000,
  outputTokens: 1000,
};

const message = (ai: AiMessagePayload, sender = 'bob-id'): RoomMessage => ({
  key: `${sender}:c1`,
  id: 'm1',
  status: 'sent',
  error: null,
  seq: 1,
  clientId: 'c1',
  sender,
  senderUsername: 'bob',
  content: 'readable text',
  contentType: ai.kind === 'share' ? 'ai_share' : 'ai_answer',
  attachment: null,
  timestamp: Date.UTC(2026, 0, 1, 12),
  edited: false,
  deleted: false,
  isRead: false,
  ai,
});

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function show(ai: AiMessagePayload, own = false, extra: Partial<RoomMessage> = {}) {
  const handlers = bubbleHandlers();
  const bubble = (
    <MessageBubble
      message={{ ...message(ai), ...extra }}
      own={own}
      changeable
      highlighted={false}
      {...handlers}
    />
  );
  render(
    <AiBridgeContext value={askModelBridge}>
      <AiMarkdownSlot value={MarkdownView}>
        <MemoryRouter initialEntries={['/socialChatRoom']}>
          <Routes>
            <Route path="/socialChatRoom" element={bubble} />
            <Route path="/agents/mindBox" element={<Where />} />
          </Routes>
        </MemoryRouter>
      </AiMarkdownSlot>
    </AiBridgeContext>,
  );
  return userEvent.setup();
}

beforeAll(() => loadMarkdownParser().then(() => undefined));

beforeEach(async () => {
  await changeLanguage('en');
  await closeChatDbForTests();
  vi.stubGlobal('indexedDB', new IDBFactory());
  useChatStore.setState({ ...initialChatState });
  declareAccount('u-1');
});

describe('an AI message in the chat room', () => {
  it('a forwarded answer names no one’s model: the forwarder did not ask it', () => {
    show(answer, false, { forwarded: { from: null } });
    const card = screen.getByTestId('ai-card');
    expect(card).not.toHaveTextContent("bob's gpt-4o");
    expect(card).toHaveTextContent('An answer by gpt-4o');
  });

  it('names chosen by the sender are shown without invisible or direction-changing characters, and wrap anywhere', () => {
    show({
      ...share,
      title: 'Trip\u202Egnp.exe',
      model: 'gpt\u200B-4o\u2066',
      provider: 'Open\u202EAI',
    });
    const card = screen.getByTestId('ai-card');
    expect(card.textContent).not.toMatch(/[\u200B\u202E\u2066]/);
    expect(card).toHaveTextContent('Trip<U+202E>gnp.exe');
    expect(card.className).toContain('[overflow-wrap:anywhere]');
  });

  it('shows a shared answer as a card: who shared it, the model, the first prompt and the reply as formatted markdown', () => {
    show(share);
    const card = screen.getByTestId('ai-card');
    expect(card).toHaveTextContent('bob shared an AI answer');
    expect(card).toHaveTextContent('gpt-4o · OpenAI');
    expect(within(card).getByTestId('ai-prompt')).toHaveTextContent('Where to go?');
    // The last reply, formatted.
    expect(within(card).getByTestId('ai-reply').querySelector('em')).toHaveTextContent('Porto');
    expect(card).toHaveTextContent('2 turns');
    expect(card).toHaveTextContent('1000 in / 1000 out tokens');
  });

  it('shows an answer asked in the chat as “bob’s gpt-4o” with the context it went with, in either language', async () => {
    show(answer);
    const card = screen.getByTestId('ai-card');
    expect(card).toHaveTextContent("bob's gpt-4o");
    expect(card).toHaveTextContent('asked with 12 messages of context');
    expect(within(card).getByTestId('ai-question')).toHaveTextContent('Which day suits us both?');
    expect(within(card).getByTestId('ai-reply')).toHaveTextContent(
      'Saturday works for both of you.',
    );
    await changeLanguage('zh-CN');
    expect(await screen.findByText('bob 的 gpt-4o')).toBeInTheDocument();
    expect(screen.getByTestId('ai-card')).toHaveTextContent('附带 12 条消息作为上下文');
    expect(screen.getByRole('button', { name: '打开' })).toBeInTheDocument();
  });

  it('words a shared answer in Chinese', async () => {
    await changeLanguage('zh-CN');
    show(share);
    expect(screen.getByTestId('ai-card')).toHaveTextContent('bob 分享了一个 AI 回答');
  });

  it('shows the cost to its sender only', async () => {
    show(answer, true);
    expect(await screen.findByTestId('ai-cost')).toHaveTextContent('cost $0.02');
    expect(screen.getByTestId('ai-card')).toHaveTextContent('You');
  });

  it('shows no cost to the other person', async () => {
    show(answer, false);
    // The counts are there, the price is not (the catalogue is read all the same).
    expect(screen.getByTestId('ai-usage')).toHaveTextContent('1000 in / 1000 out tokens');
    await askModelBridge.costOf(answer);
    expect(screen.queryByTestId('ai-cost')).toBeNull();
  });

  it('offers no edit on an AI message of one’s own', async () => {
    const user = show(share, true);
    await user.click(screen.getByRole('button', { name: 'Message actions' }));
    expect(screen.queryByRole('menuitem', { name: 'Edit' })).toBeNull();
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toBeInTheDocument();
  });

  it('opens in full, read-only: every turn, reasoning folded, tool calls summarised, counts and model', async () => {
    const user = show(share);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const view = await screen.findByRole('dialog');
    expect(within(view).getAllByTestId('ai-view-turn')).toHaveLength(2);
    expect(within(view).getByText('Where to go?')).toBeInTheDocument();
    expect(within(view).getByText('Lisbon').tagName).toBe('STRONG');
    expect(within(view).getByText('weather: done')).toBeInTheDocument();
    expect(within(view).getByText('maps: failed')).toBeInTheDocument();
    const reasoning = within(view).getByText('Reasoning').closest('details');
    expect(reasoning).not.toHaveAttribute('open');
    expect(view).toHaveTextContent('gpt-4o · OpenAI');
    expect(view).toHaveTextContent('1000 in / 1000 out tokens');
    expect(within(view).queryByRole('textbox')).toBeNull();
  });

  it('continues in the viewer’s own AI chat: a new chat of those turns, stored for sync, open, and the AI chat shown', async () => {
    const user = show(share);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(await screen.findByRole('button', { name: 'Continue in my AI chat' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/agents/mindBox'));
    const db = await chatDb();
    const [chat] = await db.listChats();
    expect(chat?.summary).toBe('Trip');
    expect(useChatStore.getState().activeId).toBe(chat?.id);
    const messages = await db.listMessages(chat!.id);
    expect(messages.map((m) => [m.prompt, m.reply])).toEqual([
      ['Where to go?', 'Go to **Lisbon**.'],
      ['And then?', 'Then *Porto*.'],
    ]);
    // One path: the second follows the first.
    expect(messages[1]?.parentId).toBe(messages[0]?.id);
    expect(useChatStore.getState().messages).toHaveLength(2);
    // In the sync's outbox, so it reaches the account's other devices.
    const outbox = await db.readOutbox();
    expect(outbox.map((e) => e.kind).sort()).toEqual(['chat', 'message', 'message']);
  });
});

describe('model output in an AI card is untrusted', () => {
  const hostile =
    'Hi <script>window.__pwned = 1</script> <img src="http://evil.example/x.png" onerror="window.__pwned = 2">\n\n' +
    '[click](javascript:window.__pwned=3) ![remote](https://evil.example/i.png)';

  it.each([
    [
      'a shared answer',
      { ...share, turns: [{ prompt: hostile, reply: hostile, reasoning: hostile, toolCalls: [] }] },
    ],
    [
      'an answer asked in the chat',
      { ...answer, question: hostile, reply: hostile, reasoning: hostile },
    ],
  ] as const)(
    'runs nothing and loads nothing remote from %s, in the card or in full',
    async (_, ai) => {
      const user = show(ai as AiMessagePayload);
      await user.click(screen.getByRole('button', { name: 'Open' }));
      await screen.findByRole('dialog');
      expect(document.querySelector('script, iframe, [onerror]')).toBeNull();
      // Nothing a browser would fetch by itself; the remote image is a placeholder the user may
      // open in a new tab. No link runs a script (the prompt's text may say one, as text).
      expect(document.querySelector('img, [src], [srcset]')).toBeNull();
      expect(screen.getAllByTestId('blocked-image').length).toBeGreaterThan(0);
      for (const link of document.body.querySelectorAll('[href]')) {
        expect(link.getAttribute('href')).not.toMatch(/javascript:/i);
      }
      expect((window as { __pwned?: number }).__pwned).toBeUndefined();
      // The prompt is shown as the text it is.
      expect(screen.getAllByText(/<script>window.__pwned = 1<\/script>/).length).toBeGreaterThan(0);
    },
  );
});
