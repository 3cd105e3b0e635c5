import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PromptAttachment } from '@confab/protocol/prompt-attachments';
import { aiChat, aiHistoryAs, aiMessage, putChat, putMessage } from '../helpers/ai-history';
import { databaseTargets } from '../helpers/database-targets';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { signUp } from '../helpers/users';

// docs/product.md#prompt-attachments: a message keeps its prompt's images and files, and syncs
// with them, although a 2048 px photo alone is larger than the 1 MiB other bodies may be.
describe.each(databaseTargets)('AI history attachments on $engine', (target) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(() => t.close());

  it('syncs a message whose prompt carries a 2048 px jpeg and a text file', async () => {
    const { cookie } = await signUp(t.app);
    const phone = aiHistoryAs(t.app, cookie);
    const chat = aiChat();
    // About what a 2048 × 1536 photo re-encoded as jpeg takes: 2.5 MB, 3.3 MB in base64.
    const photo: PromptAttachment = {
      kind: 'image',
      name: 'photo.jpg',
      size: 9_000_000,
      mime: 'image/jpeg',
      dataUrl: `data:image/jpeg;base64,${Buffer.alloc(2_500_000, 7).toString('base64')}`,
      width: 2048,
      height: 1536,
    };
    const notes: PromptAttachment = {
      kind: 'text',
      name: 'notes.md',
      size: 5,
      mime: 'text/markdown',
      text: '# Hi',
    };
    const message = aiMessage(chat.id, { parentId: null, attachments: [photo, notes] });
    const pushed = await phone.push([putChat(chat), putMessage(message)]);
    expect(pushed.results.map((r) => r.status)).toEqual(['applied', 'applied']);
    expect((await phone.messages()).changes).toEqual([{ kind: 'message', revision: 2, message }]);
  });

  it('ends a pull page past 8 MB of messages, so that a phone is never sent hundreds at once', async () => {
    const { cookie } = await signUp(t.app);
    const phone = aiHistoryAs(t.app, cookie);
    const chat = aiChat();
    // Three messages of about 3.3 MB each: two fit a page, the third comes with the next.
    const image = (name: string): PromptAttachment => ({
      kind: 'image',
      name,
      size: 2_500_000,
      mime: 'image/jpeg',
      dataUrl: `data:image/jpeg;base64,${Buffer.alloc(2_500_000, 7).toString('base64')}`,
      width: 2048,
      height: 1536,
    });
    const first = aiMessage(chat.id, { parentId: null, attachments: [image('a.jpg')] });
    const second = aiMessage(chat.id, { parentId: first.id, attachments: [image('b.jpg')] });
    const third = aiMessage(chat.id, { parentId: second.id, attachments: [image('c.jpg')] });
    await phone.push([putChat(chat), putMessage(first)]);
    await phone.push([putMessage(second)]);
    await phone.push([putMessage(third)]);

    const page = await phone.messages();
    expect(page.changes.map((c) => (c.kind === 'message' ? c.message.id : c.kind))).toEqual([
      first.id,
      second.id,
    ]);
    expect(page.more).toBe(true);
    const next = await phone.messages(page.changes.at(-1)!.revision);
    expect(next.changes.map((c) => (c.kind === 'message' ? c.message.id : c.kind))).toEqual([
      third.id,
    ]);
    expect(next.more).toBe(false);
  });

  it('refuses an image that is not a data URL of an image type sent', async () => {
    const { cookie } = await signUp(t.app);
    const chat = aiChat();
    const message = aiMessage(chat.id, {
      attachments: [
        {
          kind: 'image',
          name: 'x.svg',
          size: 5,
          mime: 'image/png',
          dataUrl: 'data:image/svg+xml;base64,PHN2Zz4=',
          width: 1,
          height: 1,
        },
      ],
    });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/ai-history/chats',
      headers: { cookie },
      payload: { changes: [putChat(chat), putMessage(message)] },
    });
    expect(response.statusCode).toBe(400);
  });
});
