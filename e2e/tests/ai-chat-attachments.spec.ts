import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import {
  chatRequests,
  configureProvider,
  expect,
  lastReply,
  openAiChat,
  send,
  test,
} from '../support/ai-chat';
import type { ProviderServer } from '../support/provider-server/server';
import { inEveryLook } from '../support/looks';

/**
 * Files and images in the prompt (docs/product.md#prompt-attachments): picked, pasted or dropped,
 * read in the browser, sent in the provider's format, kept with the message; the files the
 * composer does not take are refused by name.
 */

const fixture = (name: string) =>
  fileURLToPath(new URL(`../fixtures/attachments/${name}`, import.meta.url));
const halves = readFileSync(fixture('halves.png'));

/** The pixel size written in a WebP file's header (lossy, lossless or extended). */
function webpSize(bytes: Buffer): { width: number; height: number } | null {
  if (bytes.toString('ascii', 0, 4) !== 'RIFF' || bytes.toString('ascii', 8, 12) !== 'WEBP') {
    return null;
  }
  switch (bytes.toString('ascii', 12, 16)) {
    case 'VP8 ':
      return {
        width: bytes.readUInt16LE(26) & 0x3fff,
        height: bytes.readUInt16LE(28) & 0x3fff,
      };
    case 'VP8L': {
      const bits = bytes.readUInt32LE(21);
      return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
    }
    case 'VP8X':
      return { width: bytes.readUIntLE(24, 3) + 1, height: bytes.readUIntLE(27, 3) + 1 };
    default:
      return null;
  }
}

let tags = 0;
async function useModel(page: Page, provider: ProviderServer, model: string) {
  tags += 1;
  const tag = `attach-${process.pid}-${Date.now()}-${tags}`;
  await configureProvider(page, {
    provider: 'OpenAI',
    base: provider.base(`openai-text,tag:${tag}`, '/v1'),
    key: 'sk-test',
    model,
  });
  return tag;
}

type Part = { type: string; text?: string; image_url?: { url: string } };
function lastUserContent(provider: ProviderServer, tag: string): Part[] | string {
  const body = chatRequests(provider, tag).at(-1)?.body as {
    messages: Array<{ role: string; content: Part[] | string }>;
  };
  return body.messages.filter((m) => m.role === 'user').at(-1)!.content;
}

/** Pastes a file into the composer, as the clipboard gives a copied image. */
async function pasteFile(page: Page, name: string, type: string, bytes: Buffer) {
  await page.getByRole('textbox', { name: 'Message' }).evaluate(
    (el, file) => {
      const data = new DataTransfer();
      data.items.add(new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
      el.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    },
    { name, type, bytes: [...bytes] },
  );
}

test('images picked and pasted reach a vision model as image parts and stay in the bubble', async ({
  signedIn: page,
  provider,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await openAiChat(page);
  const tag = await useModel(page, provider, 'gpt-4o');

  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Attach files' }).click();
  await (await chooser).setFiles(fixture('wide-gradient.png'));
  const pending = page.getByTestId('pending-attachment');
  await expect(pending).toHaveCount(1);
  await expect(pending.first()).toContainText('wide-gradient.png');
  await pasteFile(page, 'halves.png', 'image/png', halves);
  await expect(pending).toHaveCount(2);
  await expect(pending.nth(1)).toContainText('halves.png');
  await expect(page.getByTestId('attachment-total')).toHaveText('2 files · ≈ 0 tokens');

  await send(page, 'What colours are these?');
  await expect(lastReply(page).getByTestId('reply')).not.toBeEmpty();
  await expect(pending).toHaveCount(0);

  const content = lastUserContent(provider, tag) as Part[];
  expect(content[0]).toEqual({ type: 'text', text: 'What colours are these?' });
  // The wide one was scaled down and re-encoded; the small one went as it was.
  expect(content[1]?.type).toBe('image_url');
  const wide = content[1]?.image_url?.url ?? '';
  expect(wide).toMatch(/^data:image\/webp;base64,[A-Za-z0-9+/]+=*$/);
  expect(webpSize(Buffer.from(wide.slice(wide.indexOf(',') + 1), 'base64'))).toEqual({
    width: 2048,
    height: 1024,
  });
  expect(content[2]).toEqual({
    type: 'image_url',
    image_url: { url: `data:image/png;base64,${halves.toString('base64')}` },
  });

  // After a reload the bubble still shows both, and a thumbnail opens the image.
  await page.reload();
  const images = page.getByTestId('prompt-image');
  await expect(images).toHaveCount(2, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Open wide-gradient.png' }).click();
  const dialog = page.getByRole('dialog', { name: 'wide-gradient.png' });
  await expect(dialog).toContainText('2048 × 1024');
  const path = testInfo.outputPath('attachments-image-dialog.png');
  await page.screenshot({ path });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The next prompt sends the earlier images again as context.
  await send(page, 'And now?');
  await expect(lastReply(page).getByTestId('reply')).not.toBeEmpty();
  const body = chatRequests(provider, tag).at(-1)?.body as {
    messages: Array<{ role: string; content: Part[] | string }>;
  };
  const first = body.messages.find((m) => m.role === 'user')!.content as Part[];
  expect(first.filter((p) => p.type === 'image_url')).toHaveLength(2);
});

test('Ollama: an image for a model that reports vision goes in images, base64 as picked', async ({
  signedIn: page,
  provider,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await openAiChat(page);
  tags += 1;
  const tag = `attach-ollama-${process.pid}-${Date.now()}-${tags}`;
  await configureProvider(page, {
    provider: 'Ollama',
    base: provider.base(`ollama-text,tag:${tag}`),
    model: 'gemma3:latest',
  });
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Attach files' }).click();
  await (await chooser).setFiles(fixture('halves.png'));
  await expect(page.getByTestId('pending-attachment')).toContainText('halves.png');
  await send(page, 'Which colours?');
  await expect(lastReply(page).getByTestId('reply')).not.toBeEmpty();
  const body = chatRequests(provider, tag).at(-1)?.body as {
    messages: Array<{ role: string; content: string; images?: string[] }>;
  };
  expect(body.messages.at(-1)).toEqual({
    role: 'user',
    content: 'Which colours?',
    images: [halves.toString('base64')],
  });
});

test('a PDF dropped on the chat is read in the browser and its text reaches the model', async ({
  signedIn: page,
  provider,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  // pdf.js and its worker load under the page's CSP, which must not refuse anything.
  const refused: string[] = [];
  page.on('console', (m) => {
    // A worker the CSP refused would leave pdf.js on its "fake worker" in the page.
    if (/Content Security Policy|fake worker/i.test(m.text())) refused.push(m.text());
  });
  await openAiChat(page);
  const tag = await useModel(page, provider, 'gpt-4o');

  const pdf = readFileSync(fixture('owl.pdf'));
  const data = await page.evaluateHandle(
    (bytes) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(bytes)], 'owl.pdf', { type: 'application/pdf' }));
      return transfer;
    },
    [...pdf],
  );
  const section = page.getByTestId('chat-section');
  await section.dispatchEvent('dragenter', { dataTransfer: data });
  await expect(page.getByTestId('drop-target')).toHaveText('Drop files to attach them');
  await section.dispatchEvent('drop', { dataTransfer: data });
  await expect(page.getByTestId('drop-target')).toBeHidden();
  const chip = page.getByTestId('pending-attachment');
  // "The owl sleeps at noon." is 23 characters: about 6 tokens.
  await expect(chip).toContainText('owl.pdf');
  await expect(chip).toContainText('≈ 6 tokens');

  await send(page, 'Summarise the file');
  await expect(lastReply(page).getByTestId('reply')).not.toBeEmpty();
  expect(lastUserContent(provider, tag)).toBe(
    'Summarise the file\n\nFile: owl.pdf\n```\nThe owl sleeps at noon.\n```',
  );
  await expect(page.getByTestId('prompt-file')).toContainText('owl.pdf');

  // A prompt of the file alone: the text may then be blank.
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Attach files' }).click();
  await (await chooser).setFiles(fixture('owl.pdf'));
  await expect(chip).toContainText('owl.pdf');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByTestId('prompt-file')).toHaveCount(2);
  await expect(lastReply(page).getByTestId('reply')).not.toBeEmpty();
  expect(lastUserContent(provider, tag)).toBe('File: owl.pdf\n```\nThe owl sleeps at noon.\n```');
  expect(refused).toEqual([]);
});

test('on a phone in Chinese, a .zip and an image for a model without vision are refused by name', async ({
  signedIn: page,
  provider,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 375, height: 740 });
  await openAiChat(page);
  const tag = await useModel(page, provider, 'gpt-3.5-turbo');
  await page.evaluate(() => localStorage.setItem('confab:language', 'zh-CN'));
  await page.reload();
  const attach = page.getByRole('button', { name: '添加附件' });
  await expect(attach).toBeVisible({ timeout: 30_000 });

  const chooser = page.waitForEvent('filechooser');
  await attach.click();
  await (
    await chooser
  ).setFiles([
    { name: 'archive.zip', mimeType: 'application/zip', buffer: Buffer.from('PK\u0003\u0004') },
    { name: 'halves.png', mimeType: 'image/png', buffer: halves },
  ]);
  const alert = page.getByTestId('attachment-tray').getByRole('alert');
  await expect(alert).toContainText(
    '无法添加 archive.zip：只支持图片（PNG、JPEG、GIF、WebP）、文本文件和 PDF。',
  );
  await expect(alert).toContainText(
    '未添加 halves.png：模型 gpt-3.5-turbo 无法识别图片。请在对话设置中选择支持视觉的模型。',
  );
  await expect(page.getByTestId('pending-attachment')).toHaveCount(0);
  const path = testInfo.outputPath('attachments-refused-phone-zh.png');
  await page.screenshot({ path });

  // A text file is still taken, and only it goes.
  const next = page.waitForEvent('filechooser');
  await attach.click();
  await (
    await next
  ).setFiles({ name: 'notes.md', mimeType: 'text/markdown', buffer: Buffer.from('# Hi') });
  await expect(page.getByTestId('pending-attachment')).toContainText('notes.md');
  await expect(alert).toBeHidden();
  await page.getByRole('textbox').fill('看看');
  await page.getByRole('textbox').press('Enter');
  await expect(lastReply(page).getByTestId('reply')).not.toBeEmpty();
  expect(lastUserContent(provider, tag)).toBe('看看\n\nFile: notes.md\n```\n# Hi\n```');
});

test('the tray and the bubble on a phone and a desktop, light and dark, in English and Chinese', async ({
  signedIn: page,
  provider,
}, testInfo) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await openAiChat(page);
  await useModel(page, provider, 'gpt-4o');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Attach files' }).click();
  await (await chooser).setFiles([fixture('halves.png'), fixture('owl.pdf')]);
  await expect(page.getByTestId('pending-attachment')).toHaveCount(2);
  await send(page, 'What is in these?');
  await expect(lastReply(page).getByTestId('reply')).not.toBeEmpty();
  await inEveryLook(page, async ({ language, colorScheme, view }) => {
    await expect(page.getByTestId('prompt-image')).toBeVisible({ timeout: 30_000 });
    // The tray with a picture and a file waiting, over the sent prompt's bubble.
    const next = page.waitForEvent('filechooser');
    await page
      .getByRole('button', { name: language === 'en' ? 'Attach files' : '添加附件' })
      .click();
    await (await next).setFiles([fixture('wide-gradient.png'), fixture('owl.pdf')]);
    await expect(page.getByTestId('pending-attachment')).toHaveCount(2);
    await expect(page.locator('#chat-input-hint')).toBeInViewport({ ratio: 1 });
    const name = `attachments-${view.name}-${colorScheme}-${language}.png`;
    const path = testInfo.outputPath(name);
    await page.screenshot({ path });
    await testInfo.attach(name, { path, contentType: 'image/png' });
  });
});
