import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { aiChat, aiHistoryAs, putChat } from '../helpers/ai-history';
import { databaseTargets } from '../helpers/database-targets';
import { connect, listen, type ClientSocket } from '../helpers/sockets';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { signUp } from '../helpers/users';

// Another device of the account hears that its AI history changed; nobody else does.
describe.each(databaseTargets)('aiHistoryChanged on $engine', (target) => {
  let t: TestApp;
  let url: string;
  const open: ClientSocket[] = [];

  beforeAll(async () => {
    t = await startTestApp(target);
    url = await listen(t.app);
  });
  afterEach(() => {
    for (const socket of open.splice(0)) socket.close();
  });
  afterAll(() => t.close());

  async function account() {
    const signed = await signUp(t.app);
    const tab = await connect(url, { cookie: signed.cookie });
    open.push(tab);
    return { tab, api: aiHistoryAs(t.app, signed.cookie) };
  }

  it("reaches the account's other tab after a push and a mode change, and not another user", async () => {
    const alice = await account();
    const bob = await account();
    const chat = aiChat();

    await alice.api.push([putChat(chat)]);
    expect(await alice.tab.next('aiHistoryChanged')).toEqual({ revision: 1 });
    // A push that changes nothing tells nobody; the next event is the mode change's.
    await alice.api.push([putChat(chat)]);
    await alice.api.setMode('device');
    expect(await alice.tab.next('aiHistoryChanged')).toEqual({ revision: 2 });

    // Bob's first event is about his own push: nothing of Alice's reached him.
    await bob.api.push([putChat(aiChat())]);
    expect(await bob.tab.next('aiHistoryChanged')).toEqual({ revision: 1 });
    expect(bob.tab.received.map((r) => r.event)).toEqual(['aiHistoryChanged']);
    expect(alice.tab.received.map((r) => r.event)).toEqual([
      'aiHistoryChanged',
      'aiHistoryChanged',
    ]);
  });
});
