import { aiMessagePayloadSchema } from '@confab/protocol/ai-in-chat';
import { describe, expect, it } from 'vitest';
import { buildShareSnapshot, defaultShareRange } from '@/features/ai-chat/lib/share-snapshot';
import { aiPayloadTooLarge } from '@/features/social-chat/lib/ai-share-size';
import { aiChat, aiMessage } from '../helpers/ai-chat-records';

const chat = aiChat('c', { summary: 'Trip planning' });

describe('the snapshot of AI turns shared into a friend chat', () => {
  it('carries each prompt, reply and reasoning, the last reply’s model and provider, summed tokens and the title', () => {
    const turns = [
      aiMessage('c', 'a', { reasoning: 'thinking a', inputTokens: 10, outputTokens: 20 }),
      aiMessage('c', 'b', { model: 'gpt-4o', provider: 'OpenAI', inputTokens: 5, outputTokens: 7 }),
    ];
    const payload = buildShareSnapshot(chat, turns);
    expect(payload).toEqual({
      kind: 'share',
      title: 'Trip planning',
      model: 'gpt-4o',
      provider: 'OpenAI',
      turns: [
        { prompt: 'prompt a', reply: 'reply a', reasoning: 'thinking a', toolCalls: [] },
        { prompt: 'prompt b', reply: 'reply b', reasoning: '', toolCalls: [] },
      ],
      inputTokens: 15,
      outputTokens: 27,
    });
    expect(aiMessagePayloadSchema.safeParse(payload).success).toBe(true);
  });

  it('summarises tool calls as the tool’s name and whether it succeeded, nothing of their arguments or results', () => {
    const payload = buildShareSnapshot(chat, [
      aiMessage('c', 'a', {
        toolCalls: [
          {
            id: '1',
            name: 'weather--forecast',
            args: { city: 'secret' },
            outcome: 'result',
            output: 'sunny',
          },
          { id: '2', name: 'files--read', args: '{}', outcome: 'error', output: 'nope' },
          { id: '3', name: 'mail--send', args: '{}', outcome: 'denied', output: 'denied' },
        ],
      }),
    ]);
    expect(payload?.turns[0]?.toolCalls).toEqual([
      { name: 'forecast', ok: true },
      { name: 'read', ok: false },
      { name: 'send', ok: false },
    ]);
    expect(JSON.stringify(payload)).not.toContain('secret');
    expect(JSON.stringify(payload)).not.toContain('sunny');
  });

  it('leaves out replies that failed, streamed or are empty; nothing shareable gives no snapshot', () => {
    const failed = aiMessage('c', 'x', { error: 'boom' });
    const streaming = aiMessage('c', 'y', { isActive: true });
    const empty = aiMessage('c', 'z', { reply: '  ' });
    expect(buildShareSnapshot(chat, [failed, streaming, empty])).toBeNull();
    const payload = buildShareSnapshot(chat, [failed, aiMessage('c', 'ok'), empty]);
    expect(payload?.turns.map((t) => t.prompt)).toEqual(['prompt ok']);
  });

  it('defaults to the whole path shown, its last 20 turns when it is longer', () => {
    const path = Array.from({ length: 25 }, (_, i) => aiMessage('c', `m${i}`));
    const range = defaultShareRange(path);
    expect(range).toHaveLength(20);
    expect(range[0]?.id).toBe('m5');
    expect(range.at(-1)?.id).toBe('m24');
    expect(defaultShareRange(path.slice(0, 3)).map((m) => m.id)).toEqual(['m0', 'm1', 'm2']);
  });

  it('is refused before sending when its JSON is over 64 KiB, which a range of long replies reaches', () => {
    const long = 'x'.repeat(20_000);
    const one = buildShareSnapshot(chat, [aiMessage('c', 'a', { reply: long })])!;
    expect(aiPayloadTooLarge(one)).toBe(false);
    const four = buildShareSnapshot(
      chat,
      ['a', 'b', 'c', 'd'].map((id) => aiMessage('c', id, { reply: long })),
    )!;
    expect(aiPayloadTooLarge(four)).toBe(true);
    // The server would refuse it as well: the check is the protocol's.
    expect(aiMessagePayloadSchema.safeParse(four).success).toBe(false);
  });
});
