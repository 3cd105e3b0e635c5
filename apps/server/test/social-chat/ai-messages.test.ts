import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { aiInChatLimits, type AiSharePayload } from '@confab/protocol/ai-in-chat';
import { socialChatApiPaths as paths, type SocialMessage } from '@confab/protocol/social-chat';
import type { SocketAckReply } from '@confab/protocol/socket-events';
import { databaseTargets } from '../helpers/database-targets';
import { dataOf, friends, person, befriend } from '../helpers/social-chat';
import { connect, listen, type ClientSocket } from '../helpers/sockets';
import { startTestApp, type TestApp } from '../helpers/test-app';

const share = (overrides: Partial<AiSharePayload> = {}): AiSharePayload => ({
  kind: 'share',
  title: 'Generics',
  model: 'gpt-4o',
  provider: 'OpenAI',
  turns: [
    {
      prompt: 'What is Array<string>?',
      reply: 'A list of **strings**.',
      reasoning: 'The user asks about TypeScript.',
      toolCalls: [{ name: 'search_docs', ok: true }],
    },
  ],
  inputTokens: 12,
  outputTokens: 7,
  ...overrides,
});

/** AI messages in friend chats: stored, shown and refused as any message (docs/product.md#ai-in-chat). */
describe.each(databaseTargets)('AI messages on $engine', (target) => {
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

  it('a shared answer is stored once with its snapshot, and reads back as an ai_share message with readable content', async () => {
    const { alice, bob, chatId } = await friends(t.app);
    const bobTab = await connect(url, { cookie: bob.cookie });
    open.push(bobTab);
    const clientId = randomUUID();
    const send = () => alice.api.send(chatId, { type: 'ai_share', ai: share(), clientId });
    const sent = dataOf<{ newMessage: SocialMessage }>(await send()).newMessage;
    expect(sent).toMatchObject({
      contentType: 'ai_share',
      content: 'What is Array<string>?\n\nA list of **strings**.',
      ai: share(),
    });
    expect((await bobTab.next('new_message')).message).toEqual({ ...sent, isRead: false });
    // A retry stores nothing more.
    expect(dataOf<{ newMessage: SocialMessage }>(await send()).newMessage._id).toBe(sent._id);
    const { messages } = dataOf<{ messages: SocialMessage[] }>(await bob.api.page(chatId));
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ contentType: 'ai_share', ai: share() });
    expect((await bob.api.chat(chatId))?.lastMessage).toMatchObject({ contentType: 'ai_share' });
  });

  it('takes an AI answer over the socket too', async () => {
    const { alice, bob, chatId } = await friends(t.app);
    // Asking AI in a chat needs both participants' consent (docs/product.md#ask-ai-in-chat).
    for (const who of [alice, bob]) {
      dataOf(await who.api.call('PUT', paths.chatAi(chatId), { enabled: true }));
    }
    const tab = await connect(url, { cookie: alice.cookie });
    open.push(tab);
    const emit = (
      tab as unknown as {
        timeout: (ms: number) => {
          emitWithAck: (
            e: string,
            p: unknown,
          ) => Promise<SocketAckReply<{ message: SocialMessage }>>;
        };
      }
    ).timeout(5_000);
    const ai = {
      kind: 'answer',
      question: 'Where should we eat?',
      reply: 'Try the noodle place.',
      model: 'llama3.2',
      provider: 'Ollama',
      contextCount: 20,
      inputTokens: 300,
      outputTokens: 9,
    };
    const ack = await emit.emitWithAck('sendMessage', {
      chatId,
      contentType: 'ai_answer',
      ai,
      clientId: randomUUID(),
    });
    expect(ack).toMatchObject({
      ok: true,
      data: {
        message: {
          contentType: 'ai_answer',
          content: 'Try the noodle place.',
          ai: { ...ai, reasoning: '' },
        },
      },
    });
  });

  it('refuses bad payloads with a 400 naming the field, and stores nothing', async () => {
    const { alice, chatId } = await friends(t.app);
    const bad: [Record<string, unknown>, RegExp][] = [
      [{ type: 'ai_share' }, /ai/],
      [{ type: 'ai_share', ai: share(), content: 'mine' }, /content/],
      [{ type: 'text', content: 'hi', ai: share() }, /ai/],
      [{ type: 'ai_answer', ai: share() }, /type/],
      [{ type: 'ai_share', ai: { ...share(), turns: [] } }, /turns/],
      [{ type: 'ai_share', ai: { ...share(), model: '' } }, /model/],
      [{ type: 'ai_share', ai: { ...share(), inputTokens: -1 } }, /inputTokens/],
      [{ type: 'ai_share', ai: { ...share(), extra: 1 } }, /extra|Unrecognized/i],
      [{ type: 'ai_share', ai: { ...share(), kind: 'poem' } }, /kind/],
      [
        {
          type: 'ai_share',
          ai: share({
            turns: Array.from({ length: 3 }, () => ({
              prompt: 'p',
              reply: 'x'.repeat(aiInChatLimits.textMax),
              reasoning: '',
              toolCalls: [],
            })),
          }),
        },
        /64 KiB/,
      ],
    ];
    for (const [body, field] of bad) {
      const reply = await alice.api.send(chatId, { ...body, clientId: randomUUID() });
      expect(reply.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(reply.body).toMatch(field);
    }
    const { messages } = dataOf<{ messages: SocialMessage[] }>(await alice.api.page(chatId));
    expect(messages).toHaveLength(0);
  });

  it('an AI message cannot be edited; deleting it removes the snapshot; forwarding keeps it', async () => {
    const { alice, chatId } = await friends(t.app);
    const carol = await person(t.app);
    const toCarol = await befriend(alice, carol);
    const sent = dataOf<{ newMessage: SocialMessage }>(
      await alice.api.send(chatId, { type: 'ai_share', ai: share(), clientId: randomUUID() }),
    ).newMessage;
    const edit = await alice.api.call('PUT', paths.message(chatId, sent._id), { content: 'fake' });
    expect(edit.statusCode).toBe(409);
    const copy = dataOf<{ newMessage: SocialMessage }>(
      await alice.api.call('POST', paths.forward(chatId, sent._id), {
        toChatId: toCarol.chatId,
        clientId: randomUUID(),
      }),
    ).newMessage;
    expect(copy).toMatchObject({ contentType: 'ai_share', ai: share() });
    const removed = await alice.api.call('DELETE', paths.message(chatId, sent._id));
    expect(removed.statusCode).toBe(200);
    const { messages } = dataOf<{ messages: SocialMessage[] }>(await alice.api.page(chatId));
    expect(messages[0]).toMatchObject({ deleted: true, content: '' });
    expect(messages[0]!.ai ?? null).toBeNull();
  });
});
