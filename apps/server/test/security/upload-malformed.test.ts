import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { socialChatApiPaths } from '@confab/protocol/social-chat';
import { friendsWithChat } from '../helpers/social';
import { startTestApp } from '../helpers/test-app';

// Found by the route fuzzer: bodies cut short answered 500.
const t = await startTestApp();
afterAll(() => t.close());
const { alice, chatId } = await friendsWithChat(t.app);
const boundary = 'cutShort';
const uploads = join(t.config.dataDir, 'uploads');
const stored = async () => ({
  rows: await t.app.database.db.selectFrom('chat_files').select('id').execute(),
  files: existsSync(uploads) ? readdirSync(uploads) : [],
});

const chatPart = `--${boundary}\r\nContent-Disposition: form-data; name="chatId"\r\n\r\n${chatId}\r\n`;
const filePart = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="notes.txt"\r\nContent-Type: text/plain\r\n\r\n`;

describe('an upload whose multipart body is cut short', () => {
  it.each([
    ['before any part ends', `${chatPart.slice(0, 30)}`],
    ['after the chat id, with no closing boundary', chatPart.slice(0, -2)],
    ['inside the file', `${chatPart}${filePart}plain words\r\n`],
    ['as one byte that is no form at all', '\u0000'],
  ])('%s: 400 saying the form is malformed, nothing stored', async (_name, body) => {
    const before = await stored();
    const response = await t.app.inject({
      method: 'POST',
      url: `/api${socialChatApiPaths.upload}`,
      headers: {
        cookie: alice.cookie,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: body,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(
      /not valid multipart\/form-data|Send the field chatId first/,
    );
    expect(await stored()).toEqual(before);
  });
});
