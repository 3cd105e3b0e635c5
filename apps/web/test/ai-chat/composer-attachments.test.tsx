import { defaultSettings } from '@confab/protocol/ai-settings';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AiChat } from '@confab/protocol/ai-chat';
import type { PromptAttachment } from '@confab/protocol/prompt-attachments';
import { useMemo, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AttachButton, AttachmentTray } from '@/features/ai-chat/components/attachment-tray';
import { usePromptAttachments } from '@/features/ai-chat/hooks/use-prompt-attachments';
import { changeLanguage } from '@/lib/i18n/i18n';

const settings = defaultSettings();
settings.api.activeProvider = 'DeepSeek';
settings.api.providers.DeepSeek.model = 'deepseek-chat';

function Composer() {
  const attachments = usePromptAttachments(settings, null);
  return (
    <>
      <AttachmentTray
        items={attachments.items}
        reading={attachments.reading}
        refusals={attachments.refusals}
        onRemove={attachments.remove}
        onDismiss={attachments.dismissRefusals}
      />
      <AttachButton onFiles={(files) => void attachments.add(files)} />
    </>
  );
}

async function pick(...files: File[]) {
  const user = userEvent.setup({ applyAccept: false });
  await user.click(screen.getByRole('button', { name: 'Attach files' }));
  await user.upload(screen.getByTestId('attach-input'), files);
}

describe('attachments in the composer (docs/product.md#prompt-attachments)', () => {
  it('shows a text file as a chip with its size and token estimate, and removes it', async () => {
    render(<Composer />);
    await pick(
      new File(['x'.repeat(2000)], 'notes.md', { type: 'text/markdown' }),
      new File(['a,b\n1,2'], 'data.csv', { type: 'text/csv' }),
    );
    const chips = await screen.findAllByTestId('pending-attachment');
    expect(chips).toHaveLength(2);
    expect(chips[0]).toHaveTextContent('notes.md2 KB · ≈ 500 tokens');
    expect(chips[1]).toHaveTextContent('data.csv7 B · ≈ 2 tokens');
    expect(screen.getByTestId('attachment-total')).toHaveTextContent('2 files · ≈ 502 tokens');

    await userEvent.click(screen.getByRole('button', { name: 'Remove notes.md' }));
    expect(screen.getAllByTestId('pending-attachment')).toHaveLength(1);
    expect(screen.getByTestId('attachment-total')).toHaveTextContent('1 file · ≈ 2 tokens');
  });

  it('cuts a long text at 200,000 characters and says so on the chip', async () => {
    render(<Composer />);
    await pick(new File(['y'.repeat(250_000)], 'long.txt', { type: 'text/plain' }));
    expect(await screen.findByTestId('pending-attachment')).toHaveTextContent(
      'long.txt244 KB · ≈ 50000 tokens · cut at 200,000 characters',
    );
  });

  it('refuses, by name, a zip, an image for a model without vision, a binary text file and a large one', async () => {
    render(<Composer />);
    await pick(
      new File(['PK'], 'archive.zip', { type: 'application/zip' }),
      new File(['png'], 'cat.png', { type: 'image/png' }),
      new File(['a\u0000b'], 'blob.txt', { type: 'text/plain' }),
      new File(['x'.repeat(1024 * 1024 + 1)], 'huge.log', { type: 'text/plain' }),
    );
    const alert = await screen.findByRole('alert');
    const lines = within(alert)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(lines).toEqual([
      "archive.zip can't be attached: only images (PNG, JPEG, GIF, WebP), text files and PDFs are taken.",
      "cat.png wasn't attached: the model deepseek-chat can't see images. Choose a vision model in the chat settings.",
      "blob.txt can't be attached: only images (PNG, JPEG, GIF, WebP), text files and PDFs are taken.",
      'huge.log is too large: the most for this kind of file is 1.0 MB.',
    ]);
    expect(screen.queryByTestId('pending-attachment')).not.toBeInTheDocument();
  });

  it('says it in Chinese too', async () => {
    await act(() => changeLanguage('zh-CN'));
    try {
      render(<Composer />);
      const user = userEvent.setup({ applyAccept: false });
      await user.upload(screen.getByTestId('attach-input'), [
        new File(['v'], 'clip.mp4', { type: 'video/mp4' }),
      ]);
      expect(await screen.findByRole('alert')).toHaveTextContent(
        '无法添加 clip.mp4：只支持图片（PNG、JPEG、GIF、WebP）、文本文件和 PDF。',
      );
      expect(screen.getByRole('button', { name: '添加附件' })).toBeInTheDocument();
    } finally {
      await act(() => changeLanguage('en'));
    }
  });
});

type Sent = { text: string; attachments: PromptAttachment[] };

/** A composer bound to a chat that the test switches, with a send that hands the tray over. */
function ChatComposer({ chats, sent }: { chats: Pick<AiChat, 'id' | 'model'>[]; sent: Sent[] }) {
  const [index, setIndex] = useState(0);
  const [model, setModel] = useState<string | null>(null);
  // As the chat store gives it: the same object until the chat changes.
  const chat = useMemo(
    () => ({ ...chats[index]!, model: model ?? chats[index]!.model }),
    [chats, index, model],
  );
  const attachments = usePromptAttachments(openAi, chat);
  const [text, setText] = useState('hello');
  return (
    <>
      <AttachmentTray
        items={attachments.items}
        reading={attachments.reading}
        refusals={attachments.refusals}
        onRemove={attachments.remove}
        onDismiss={attachments.dismissRefusals}
      />
      <AttachButton onFiles={(files) => void attachments.add(files)} />
      <output data-testid="draft">{text}</output>
      <button onClick={() => setIndex(1)}>Other chat</button>
      <button onClick={() => setModel('gpt-3.5-turbo')}>Model without vision</button>
      <button
        onClick={() => {
          if (!attachments.checkSend()) return;
          setText('');
          void attachments.take().then((taken) => {
            if (taken) sent.push({ text, attachments: taken });
          });
        }}
      >
        Send
      </button>
    </>
  );
}

const openAi = defaultSettings();
openAi.api.activeProvider = 'OpenAI';
openAi.api.providers.OpenAI.model = 'gpt-4o';
const twoChats = [
  { id: 'a', model: '' },
  { id: 'b', model: '' },
];

describe('the tray and the chat it was filled in', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('opening another chat empties the tray', async () => {
    render(<ChatComposer chats={twoChats} sent={[]} />);
    await pick(new File(['notes'], 'notes.md', { type: 'text/markdown' }));
    expect(await screen.findAllByTestId('pending-attachment')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Other chat' }));
    expect(screen.queryByTestId('pending-attachment')).not.toBeInTheDocument();
  });

  it('a send waits for a file still being read, and takes it with the prompt', async () => {
    const sent: Sent[] = [];
    render(<ChatComposer chats={twoChats} sent={sent} />);
    let finish!: () => void;
    const slow = new File(['slow text'], 'slow.txt', { type: 'text/plain' });
    const text = slow.text.bind(slow);
    slow.text = () => new Promise<string>((resolve) => (finish = () => void text().then(resolve)));
    await pick(slow);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(sent).toHaveLength(0);
    await act(async () => finish());
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.attachments.map((a) => a.name)).toEqual(['slow.txt']);
    expect(screen.queryByTestId('pending-attachment')).not.toBeInTheDocument();
  });

  it('an image waiting when the model changes to one without vision is refused at send, not dropped', async () => {
    vi.stubGlobal('createImageBitmap', async () => ({ width: 4, height: 4, close() {} }));
    const sent: Sent[] = [];
    render(<ChatComposer chats={twoChats} sent={sent} />);
    await pick(new File(['png'], 'cat.png', { type: 'image/png' }));
    expect(await screen.findAllByTestId('pending-attachment')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Model without vision' }));
    await vi.waitFor(async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Send' }));
      expect(screen.getByRole('alert')).toHaveTextContent(
        "cat.png wasn't attached: the model gpt-3.5-turbo can't see images.",
      );
    });
    expect(sent).toHaveLength(0);
    expect(screen.getByTestId('draft')).toHaveTextContent('hello');
    expect(screen.getAllByTestId('pending-attachment')).toHaveLength(1);
  });
});
