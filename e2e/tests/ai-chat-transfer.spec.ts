import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, lastReply, openAiChat, test } from '../support/ai-chat';

const fixture = join(
  import.meta.dirname,
  '../../apps/web/test/fixtures/chat-exports/chatgpt-tree.json',
);

test('a ChatGPT export with branches is imported, shown and exported again', async ({
  signedIn: page,
}) => {
  await openAiChat(page);
  await page.getByLabel('Choose an export file to import').setInputFiles(fixture);
  const summary = page.getByRole('dialog', { name: 'Import' });
  await expect(summary.getByRole('status')).toHaveText('1 chat imported.');
  await summary.getByRole('button', { name: 'Close' }).click();

  // The branch ChatGPT showed last: "hi again", then the regenerated joke.
  const chats = page.getByRole('navigation', { name: 'AI chats' });
  await expect(
    chats.getByRole('button', { name: 'Assist user with summary', exact: true }),
  ).toBeVisible();
  await expect(page.getByTestId('prompt')).toHaveText(['hi there', 'hi again', 'tell me a joke']);
  await expect(lastReply(page).getByTestId('reply')).toContainText(
    'Because they make up everything!',
  );

  await page.getByRole('button', { name: 'Export / import' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Export this chat (JSON)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('Assist user with summary.json');
  const exported = JSON.parse(await readFile(await file.path(), 'utf8')) as {
    format: string;
    version: number;
    chats: { chat: { summary: string }; messages: { prompt: string; reply: string }[] }[];
  };
  expect(exported.format).toBe('confab-ai-chats');
  expect(exported.version).toBe(1);
  expect(exported.chats).toHaveLength(1);
  expect(exported.chats[0]!.chat.summary).toBe('Assist user with summary');
  expect(exported.chats[0]!.messages.map((m) => m.prompt)).toEqual([
    'hi there',
    'hi again',
    'tell me a joke',
  ]);
  expect(exported.chats[0]!.messages[2]!.reply).toContain('Because they make up everything!');
});
