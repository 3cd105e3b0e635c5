import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { aiRelayLimits } from '@confab/protocol/ai-answer-relay';
import type { AiAnswerPayload } from '@confab/protocol/ai-in-chat';
import { socialChatApiPaths as paths, type SocialChat } from '@confab/protocol/social-chat';
import type { ServerToClientEvents } from '@confab/protocol/socket-events';
import { contactFrom } from '../helpers/contacts';
import { databaseTargets } from '../helpers/database-targets';
import { befriend, dataOf, friends, person, type Person } from '../helpers/social-chat';
import { connect, listen, type ClientSocket } from '../helpers/sockets';
import { startTestApp, type TestApp } from '../helpers/test-app';

type Tab = Awaited<ReturnType<typeof connect>>;

const answer = (overrides: Partial<AiAnswerPayload> = {}): AiAnswerPayload => ({
  kind: 'answer',
  question: 'Where should we eat?',
  reply: 'Try the noodle place.',
  reasoning: '',
  model: 'gpt-4o',
  provider: 'OpenAI',
  contextCount: 20,
  inputTokens: 300,
  outputTokens: 9,
  ...overrides,
});

/** The next `event` a tab gets, whatever else comes before it; listen before causing it. */
function upcoming<E extends keyof ServerToClientEvents>(
  tab: ClientSocket,
  event: E,
): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  return new Promise((resolve) => {
    (tab as unknown as { once: (e: string, f: (p: unknown) => void) => void }).once(
      event,
      resolve as (p: unknown) => void,
    );
  });
}

const aiEvents = (tab: Tab) => tab.received.filter((r) => r.event.startsWith('aiAnswer'));

/** "Ask AI in a chat" with both participants' consent (docs/product.md#ask-ai-in-chat). */
describe.each(databaseTargets)('AI in a chat on $engine', (target) => {
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

  const tab = async (who: Person) => {
    const socket = await connect(url, { cookie: who.cookie });
    open.push(socket);
    return socket;
  };
  const consent = (who: Person, chatId: string, enabled: unknown) =>
    who.api.call('PUT', paths.chatAi(chatId), { enabled });
  const consentOf = async (who: Person, chatId: string) => (await who.api.chat(chatId))?.aiConsent;
  const ask = (socket: Tab) => ({
    start: (chatId: string, answerId = randomUUID()) =>
      socket.timeout(5_000).emitWithAck('aiAnswerStart', {
        chatId,
        answerId,
        model: 'gpt-4o',
        provider: 'OpenAI',
        contextCount: 3,
      }),
    delta: (answerId: string, text: string) =>
      socket.timeout(5_000).emitWithAck('aiAnswerDelta', { answerId, text }),
    end: (answerId: string, stored: boolean) =>
      socket.timeout(5_000).emitWithAck('aiAnswerEnd', { answerId, stored }),
  });
  const bothOn = async (alice: Person, bob: Person, chatId: string) => {
    dataOf(await consent(alice, chatId, true));
    dataOf(await consent(bob, chatId, true));
  };

  it('is off by default; one side on is not enough; both on; either side switches it off', async () => {
    const { alice, bob, chatId } = await friends(t.app);
    const bobTab = await tab(bob);
    expect(await consentOf(alice, chatId)).toEqual({ mine: false, theirs: false });

    const told = upcoming(bobTab, 'chatUpdated');
    const mine = dataOf<{ chat: SocialChat }>(await consent(alice, chatId, true)).chat;
    expect(mine.aiConsent).toEqual({ mine: true, theirs: false });
    // Bob's tabs are told at once, with the switches as Bob sees them.
    expect((await told).chat.aiConsent).toEqual({ mine: false, theirs: true });
    expect(await consentOf(bob, chatId)).toEqual({ mine: false, theirs: true });

    // One side on: no answer may start, and no AI message may be posted.
    const aliceTab = await tab(alice);
    const refused = await ask(aliceTab).start(chatId);
    expect(refused).toMatchObject({
      ok: false,
      error: { statusCode: 403, reason: 'AI_CONSENT_OFF' },
    });
    const post = await alice.api.send(chatId, { type: 'ai_answer', ai: answer() });
    expect(post.statusCode).toBe(403);
    expect(post.json()).toMatchObject({ reason: 'AI_CONSENT_OFF' });

    dataOf(await consent(bob, chatId, true));
    expect(await consentOf(alice, chatId)).toEqual({ mine: true, theirs: true });
    expect(await consentOf(bob, chatId)).toEqual({ mine: true, theirs: true });

    // Bob switches it off: off for both.
    dataOf(await consent(bob, chatId, false));
    expect(await consentOf(alice, chatId)).toEqual({ mine: true, theirs: false });
    expect((await ask(aliceTab).start(chatId)).ok).toBe(false);
  });

  it('checks the switch: a bad body is a 400 naming the field; a stranger gets 404', async () => {
    const { alice, chatId } = await friends(t.app);
    const stranger = await person(t.app);
    const bad = await consent(alice, chatId, 'yes');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatch(/enabled/);
    expect((await consent(stranger, chatId, true)).statusCode).toBe(404);
    expect(await consentOf(alice, chatId)).toEqual({ mine: false, theirs: false });
  });

  it('relays a live answer to the other side and the asker’s other tabs, then the stored message replaces it', async () => {
    const { alice, bob, chatId } = await friends(t.app);
    await bothOn(alice, bob, chatId);
    const [aliceTab, aliceOther, bobTab] = [await tab(alice), await tab(alice), await tab(bob)];
    const answerId = randomUUID();
    const started = upcoming(bobTab, 'aiAnswerStarted');
    const otherStarted = upcoming(aliceOther, 'aiAnswerStarted');
    expect(await ask(aliceTab).start(chatId, answerId)).toEqual({ ok: true, data: { answerId } });
    const expected = {
      chatId,
      answerId,
      askerId: alice.user.id,
      askerUsername: alice.user.username,
      model: 'gpt-4o',
      provider: 'OpenAI',
      contextCount: 3,
    };
    expect(await started).toEqual(expected);
    expect(await otherStarted).toEqual(expected);

    const delta = upcoming(bobTab, 'aiAnswerDelta');
    expect(await ask(aliceTab).delta(answerId, 'Try the ')).toEqual({
      ok: true,
      data: { relayed: 8 },
    });
    expect(await delta).toEqual({ chatId, answerId, text: 'Try the ' });

    const sent = dataOf<{ newMessage: { contentType: string } }>(
      await alice.api.send(chatId, { type: 'ai_answer', ai: answer(), clientId: randomUUID() }),
    ).newMessage;
    expect(sent.contentType).toBe('ai_answer');
    const ended = upcoming(bobTab, 'aiAnswerEnded');
    expect((await ask(aliceTab).end(answerId, true)).ok).toBe(true);
    expect(await ended).toEqual({ chatId, answerId, stored: true });
    // The sending tab is not sent its own answer back.
    expect(aiEvents(aliceTab)).toEqual([]);
    // An ended answer takes no more text.
    expect(await ask(aliceTab).delta(answerId, 'more')).toMatchObject({
      ok: false,
      error: { statusCode: 404 },
    });
  });

  it('relays deltas sent together in the order they were sent, and the end after them', async () => {
    const { alice, bob, chatId } = await friends(t.app);
    await bothOn(alice, bob, chatId);
    const [aliceTab, bobTab] = [await tab(alice), await tab(bob)];
    const answerId = randomUUID();
    expect((await ask(aliceTab).start(chatId, answerId)).ok).toBe(true);
    const parts = Array.from({ length: 40 }, (_, i) => `<${i}>`);
    const ended = upcoming(bobTab, 'aiAnswerEnded');
    const [replies, endReply] = await Promise.all([
      Promise.all(parts.map((part) => ask(aliceTab).delta(answerId, part))),
      ask(aliceTab).end(answerId, false),
    ]);
    expect(replies.every((reply) => reply.ok)).toBe(true);
    expect(endReply.ok).toBe(true);
    await ended;
    const seen = aiEvents(bobTab)
      .filter((r) => r.event === 'aiAnswerDelta')
      .map((r) => (r.payload as { text: string }).text);
    expect(seen.join('')).toBe(parts.join(''));
    expect(aiEvents(bobTab).at(-1)?.event).toBe('aiAnswerEnded');
  });

  it('limits how often a user switches AI in a chat: every switch tells the other person’s tabs', async () => {
    const limited = await startTestApp(target, {
      rateLimits: { aiConsentChangesPerUserPerMinute: 20 },
    });
    try {
      const { alice, chatId } = await friends(limited.app);
      const replies = [];
      for (let i = 0; i < 21; i += 1) {
        replies.push(
          (await alice.api.call('PUT', paths.chatAi(chatId), { enabled: i % 2 === 0 })).statusCode,
        );
      }
      expect(replies.slice(0, 20).every((status) => status === 200)).toBe(true);
      expect(replies.at(-1)).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('an answer that sends nothing new for the idle time is stopped for both: no bubble hangs', async () => {
    const idle = await startTestApp(target, { aiAnswerIdleMs: 200 });
    const idleUrl = await listen(idle.app);
    try {
      const { alice, bob, chatId } = await friends(idle.app);
      for (const who of [alice, bob]) {
        dataOf(await who.api.call('PUT', paths.chatAi(chatId), { enabled: true }));
      }
      const aliceTab = await connect(idleUrl, { cookie: alice.cookie });
      const bobTab = await connect(idleUrl, { cookie: bob.cookie });
      open.push(aliceTab, bobTab);
      const answerId = randomUUID();
      expect((await ask(aliceTab).start(chatId, answerId)).ok).toBe(true);
      expect((await ask(aliceTab).delta(answerId, 'Thinking out loud')).ok).toBe(true);
      const stopped = await upcoming(bobTab, 'aiAnswerStopped');
      expect(stopped).toEqual({ chatId, answerId, reason: 'stalled', byUsername: null });
      expect(await ask(aliceTab).delta(answerId, 'late')).toMatchObject({
        ok: false,
        error: { statusCode: 404 },
      });
    } finally {
      await idle.close();
    }
  });

  it('switching off mid-answer stops it at once for both, and refuses what follows', async () => {
    const { alice, bob, chatId } = await friends(t.app);
    await bothOn(alice, bob, chatId);
    const [aliceTab, bobTab] = [await tab(alice), await tab(bob)];
    const answerId = randomUUID();
    expect((await ask(aliceTab).start(chatId, answerId)).ok).toBe(true);
    expect((await ask(aliceTab).delta(answerId, 'Half')).ok).toBe(true);

    const aliceStopped = upcoming(aliceTab, 'aiAnswerStopped');
    const bobStopped = upcoming(bobTab, 'aiAnswerStopped');
    dataOf(await consent(bob, chatId, false));
    const stop = { chatId, answerId: null, reason: 'consentOff', byUsername: bob.user.username };
    expect(await aliceStopped).toEqual(stop);
    expect(await bobStopped).toEqual(stop);

    const more = await ask(aliceTab).delta(answerId, ' and more');
    expect(more).toMatchObject({ ok: false });
    const post = await alice.api.send(chatId, { type: 'ai_answer', ai: answer() });
    expect(post.statusCode).toBe(403);
    const { messages } = dataOf<{ messages: unknown[] }>(await bob.api.page(chatId));
    expect(messages).toEqual([]);
    // Bob got nothing after the stop.
    const bobEvents = aiEvents(bobTab).map((r) => r.event);
    expect(bobEvents.at(-1)).toBe('aiAnswerStopped');
  });

  it('a block or a removal mid-answer stops it; a read-only chat refuses the switch and every answer', async () => {
    for (const action of ['block', 'remove'] as const) {
      const { alice, bob, chatId, contactId } = await friends(t.app);
      await bothOn(alice, bob, chatId);
      const [aliceTab, bobTab] = [await tab(alice), await tab(bob)];
      const answerId = randomUUID();
      expect((await ask(aliceTab).start(chatId, answerId)).ok).toBe(true);
      const aliceStopped = upcoming(aliceTab, 'aiAnswerStopped');
      const bobStopped = upcoming(bobTab, 'aiAnswerStopped');
      contactFrom(await bob.contacts.action(action, contactId));
      const stop = { chatId, answerId: null, reason: 'readOnly', byUsername: null };
      expect(await aliceStopped).toEqual(stop);
      expect(await bobStopped).toEqual(stop);
      expect(await ask(aliceTab).delta(answerId, 'more')).toMatchObject({ ok: false });
      expect(await ask(aliceTab).start(chatId)).toMatchObject({
        ok: false,
        error: { statusCode: 403 },
      });
      expect((await consent(alice, chatId, false)).statusCode).toBe(403);
      expect((await consent(bob, chatId, true)).statusCode).toBe(403);
      const post = await alice.api.send(chatId, { type: 'ai_answer', ai: answer() });
      expect(post.statusCode).toBe(403);
    }
  });

  it('a block or a removal switches AI off for both: consent starts again from off when the chat is writable again', async () => {
    for (const [action, undo] of [
      ['block', 'unblock'],
      ['remove', null],
    ] as const) {
      const { alice, bob, chatId, contactId } = await friends(t.app);
      await bothOn(alice, bob, chatId);
      contactFrom(await bob.contacts.action(action, contactId));
      expect(await consentOf(alice, chatId)).toEqual({ mine: false, theirs: false });
      expect(await consentOf(bob, chatId)).toEqual({ mine: false, theirs: false });
      if (undo) contactFrom(await bob.contacts.action(undo, contactId));
      else await befriend(bob, alice);
      expect(await consentOf(alice, chatId)).toEqual({ mine: false, theirs: false });
      expect(await consentOf(bob, chatId)).toEqual({ mine: false, theirs: false });
      const post = await alice.api.send(chatId, { type: 'ai_answer', ai: answer() });
      expect(post.statusCode).toBe(403);
    }
  });

  it('the asker’s tab going away ends the live answer on the other side', async () => {
    const { alice, bob, chatId } = await friends(t.app);
    await bothOn(alice, bob, chatId);
    const [aliceTab, bobTab] = [await tab(alice), await tab(bob)];
    const answerId = randomUUID();
    expect((await ask(aliceTab).start(chatId, answerId)).ok).toBe(true);
    const stopped = upcoming(bobTab, 'aiAnswerStopped');
    aliceTab.close();
    expect(await stopped).toEqual({ chatId, answerId, reason: 'askerLeft', byUsername: null });
  });

  it('refuses another user’s answer, another tab’s, another chat, and cuts a stream past the limit', async () => {
    const { alice, bob, chatId } = await friends(t.app);
    await bothOn(alice, bob, chatId);
    const [aliceTab, aliceOther, bobTab] = [await tab(alice), await tab(alice), await tab(bob)];
    const answerId = randomUUID();
    expect((await ask(aliceTab).start(chatId, answerId)).ok).toBe(true);
    // Bob (a participant) and Alice's other tab cannot add to Alice's answer or end it.
    for (const other of [bobTab, aliceOther]) {
      expect(await ask(other).delta(answerId, 'forged')).toMatchObject({
        ok: false,
        error: { statusCode: 404 },
      });
      expect(await ask(other).end(answerId, true)).toMatchObject({
        ok: false,
        error: { statusCode: 404 },
      });
    }
    // A chat Alice has no part in, and the same answer id again.
    const others = await friends(t.app);
    await bothOn(others.alice, others.bob, others.chatId);
    expect(await ask(aliceTab).start(others.chatId)).toMatchObject({
      ok: false,
      error: { statusCode: 404 },
    });
    expect(await ask(aliceTab).start(chatId, answerId)).toMatchObject({
      ok: false,
      error: { statusCode: 409 },
    });
    // Oversized deltas are refused by their schema; the stream is cut at the reply's limit.
    expect(
      await ask(aliceTab).delta(answerId, 'x'.repeat(aiRelayLimits.deltaMax + 1)),
    ).toMatchObject({ ok: false, error: { statusCode: 400 } });
    const chunk = 'y'.repeat(aiRelayLimits.deltaMax);
    let relayed = 0;
    while (relayed < aiRelayLimits.textMax) {
      const reply = await ask(aliceTab).delta(answerId, chunk);
      if (!reply.ok) throw new Error(JSON.stringify(reply.error));
      relayed = reply.data.relayed;
    }
    expect(relayed).toBe(aiRelayLimits.textMax);
    expect(await ask(aliceTab).delta(answerId, 'z')).toMatchObject({
      ok: false,
      error: { statusCode: 400 },
    });
    // Bob's tab has every relayed character once the end (sent after them) reaches it.
    const ended = upcoming(bobTab, 'aiAnswerEnded');
    expect((await ask(aliceTab).end(answerId, false)).ok).toBe(true);
    await ended;
    const all = aiEvents(bobTab)
      .filter((r) => r.event === 'aiAnswerDelta')
      .map((r) => (r.payload as { text: string }).text)
      .join('');
    expect(all.length).toBe(aiRelayLimits.textMax);
  });

  it('a forwarded AI answer is a quotation and needs no consent in the target chat', async () => {
    const { alice, bob, chatId } = await friends(t.app);
    await bothOn(alice, bob, chatId);
    const sent = dataOf<{ newMessage: { _id: string } }>(
      await alice.api.send(chatId, { type: 'ai_answer', ai: answer() }),
    ).newMessage;
    const carol = await person(t.app);
    const other = await befriend(alice, carol);
    const forwarded = await alice.api.call('POST', `${paths.message(chatId, sent._id)}/forward`, {
      toChatId: other.chatId,
      clientId: randomUUID(),
    });
    expect(forwarded.statusCode).toBe(200);
  });
});
