import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiHistoryRoutes } from '@confab/protocol/ai-history';
import { aiChat, aiHistoryAs, putChat } from '../helpers/ai-history';
import { databaseTargets } from '../helpers/database-targets';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { signUp } from '../helpers/users';

// A chat's choice of tools goes to the account's other devices with the chat's other settings.
describe.each(databaseTargets)(
  'a chat’s tool selection in AI history sync on $engine',
  (target) => {
    let t: TestApp;

    beforeAll(async () => {
      t = await startTestApp(target);
    });
    afterAll(() => t.close());

    async function device() {
      const { cookie } = await signUp(t.app);
      return aiHistoryAs(t.app, cookie);
    }

    it('gives the selection back on another pull', async () => {
      const phone = await device();
      const chat = aiChat({ toolSelection: ['everything', 'second.echo'] });
      await phone.push([putChat(chat)]);
      expect((await phone.chats()).changes).toEqual([{ kind: 'chat', revision: 1, chat }]);
    });

    it('refuses a bad selection with a readable 400 and stores nothing', async () => {
      const phone = await device();
      for (const toolSelection of ['everything', [3], [''], Array(501).fill('a')]) {
        const chat = { ...aiChat(), toolSelection };
        const response = await phone.call('POST', aiHistoryRoutes.chats, {
          changes: [putChat(chat as never)],
        });
        expect(response.statusCode, JSON.stringify(toolSelection).slice(0, 40)).toBe(400);
        const body = response.json<{ code: string; fields: Record<string, string> }>();
        expect(body.code).toBe('VALIDATION_ERROR');
        expect(Object.keys(body.fields).join()).toContain('toolSelection');
      }
      expect((await phone.chats()).changes).toEqual([]);
    });
  },
);
