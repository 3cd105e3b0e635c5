import { describe, expect, it } from 'vitest';
import {
  inRange,
  maxTokensCap,
  validateChatSettings,
  type ChatSettingsDraft,
} from '@/features/ai-chat/lib/chat-validation';
import { markdownBlocks, BlockCache } from '@/features/ai-chat/lib/markdown-blocks';
import { messageRows } from '@/features/ai-chat/lib/timeline';
import { promptProblem } from '@/components/chat-input/input-rules';
import { timelineLabel } from '@/lib/time/timeline-label';
import { formatCost, replyCost } from '@/features/ai-chat/lib/reply-cost';
import { filterChats } from '@/features/ai-chat/components/chat-list';

const draft: ChatSettingsDraft = {
  summary: 'Chat',
  model: '',
  systemMessage: '',
  maxCtxMessages: '10',
  temperature: '1',
  maxTokens: '',
  stream: true,
  noTools: false,
  topP: '1',
  presencePenalty: '0',
};

const check = (
  changes: Partial<ChatSettingsDraft>,
  provider: 'OpenAI' | 'Ollama' | 'DeepSeek' = 'OpenAI',
  providerModel = 'gpt-4o',
) => validateChatSettings({ ...draft, ...changes }, { provider, providerModel });

describe('chat settings validation (docs/product.md#chat-settings)', () => {
  it('accepts the defaults and gives the changes', () => {
    expect(check({})).toEqual({
      ok: true,
      changes: {
        summary: 'Chat',
        model: '',
        systemMessage: '',
        maxCtxMessages: 10,
        temperature: 1,
        maxTokens: null,
        stream: true,
        noTools: false,
        topP: 1,
        presencePenalty: 0,
      },
    });
  });

  it.each([
    ['OpenAI', '2', true],
    ['OpenAI', '2.01', false],
    ['Ollama', '1', true],
    ['Ollama', '1.1', false],
    ['DeepSeek', '2', true],
    ['DeepSeek', '-0.1', false],
  ] as const)('%s temperature %s valid: %s', (provider, temperature, valid) => {
    const result = check({ temperature }, provider, 'm');
    expect(result.ok).toBe(valid);
    if (!result.ok) expect(result.errors.temperature?.key).toBe('temperatureRange');
  });

  it('temperature is invalid when no model is given', () => {
    const result = check({ model: '  ' }, 'OpenAI', '');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.temperature?.key).toBe('temperatureNoModel');
  });

  it.each([
    ['0', 'maxTokensPositive'],
    ['-1', 'maxTokensPositive'],
    ['1.5', 'maxTokensPositive'],
    ['abc', 'maxTokensPositive'],
    ['4097', 'maxTokensCap'],
  ])('max tokens %s → %s', (maxTokens, key) => {
    const result = check({ maxTokens });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.maxTokens?.key).toBe(key);
  });

  it('max tokens: null or positive up to the model cap (4096 when unknown)', () => {
    expect(maxTokensCap('gpt-4o-mini')).toBe(16384);
    expect(maxTokensCap('o1')).toBe(100000);
    expect(maxTokensCap('deepseek-chat')).toBe(8192);
    expect(maxTokensCap('some-local-model')).toBe(4096);
    expect(check({ maxTokens: '16384', model: 'gpt-4o-mini' }).ok).toBe(true);
    expect(check({ maxTokens: '' }).ok).toBe(true);
  });

  it('maxCtxMessages is a number >= 0; a blank model is not used', () => {
    const bad = check({ maxCtxMessages: '-1' });
    expect(bad.ok).toBe(false);
    const good = check({ maxCtxMessages: '0', model: '   ' });
    expect(good).toMatchObject({ ok: true, changes: { maxCtxMessages: 0, model: '' } });
  });

  it('the system message is at most 4000 characters (limits.systemMessageMax)', () => {
    expect(check({ systemMessage: 's'.repeat(4000) }).ok).toBe(true);
    expect(check({ systemMessage: 's'.repeat(4001) })).toEqual({
      ok: false,
      errors: { systemMessage: { key: 'systemMessageTooLong', values: { max: 4000 } } },
    });
  });

  it('the model name is at most 500 characters, as the server keeps it in a preset', () => {
    expect(check({ model: 'm'.repeat(500) }).ok).toBe(true);
    expect(check({ model: 'm'.repeat(501) })).toEqual({
      ok: false,
      errors: { model: { key: 'modelTooLong', values: { max: 500 } } },
    });
  });

  it('open range ends are respected', () => {
    expect(inRange(0, { min: 0, max: 1, minOpen: true, default: 0.5 })).toBe(false);
    expect(inRange(1, { min: 0, max: 1, maxOpen: true, default: 0.5 })).toBe(false);
    expect(inRange(0.5, { min: 0, max: 1, minOpen: true, maxOpen: true, default: 0.5 })).toBe(true);
  });
});

describe('chat input rules', () => {
  it('blank, too long and busy are refused', () => {
    expect(promptProblem('  \n ', false)).toBe('empty');
    expect(promptProblem('x'.repeat(2001), false)).toBe('tooLong');
    expect(promptProblem('x'.repeat(2000), false)).toBeNull();
    expect(promptProblem('hello', true)).toBe('busy');
  });
});

describe('timeline separators', () => {
  const at = (i: number, createdAt: number) => ({ id: `m${i}`, createdAt }) as never;
  it('before the first message and after a gap of 5 minutes or more', () => {
    const rows = messageRows([at(0, 0), at(1, 299_999), at(2, 599_999), at(3, 600_000)]);
    expect(rows.map((r) => r.type)).toEqual([
      'timeLine',
      'text',
      'text',
      'timeLine',
      'text',
      'text',
    ]);
  });

  it('time only for today, month/day otherwise', () => {
    const now = new Date(2025, 5, 15, 18, 0);
    // The hour as the chat list and the bubbles write it (lib/time/chat-time.ts).
    expect(timelineLabel(new Date(2025, 5, 15, 9, 5).getTime(), 'en-GB', now)).toBe('9:05');
    expect(timelineLabel(new Date(2025, 2, 7, 9, 5).getTime(), 'en-US', now)).toBe('3/7');
    expect(timelineLabel(new Date(2025, 2, 7, 9, 5).getTime(), 'zh-CN', now)).toBe('3/7');
  });
});

describe('cost per reply from the catalogue', () => {
  it('gpt-4o: 0.005 in and 0.015 out per 1000 tokens, in USD', () => {
    const cost = replyCost('gpt-4o', 'OpenAI', 1000, 2000);
    expect(cost?.currency).toBe('USD');
    expect(cost?.amount).toBeCloseTo(0.035, 10);
    expect(formatCost({ amount: 0.035, currency: 'USD' }, 'en')).toBe('$0.035');
  });
  it('deepseek-reasoner in CNY; unknown prices give none', () => {
    expect(replyCost('deepseek-reasoner', 'DeepSeek', 6, 212)?.currency).toBe('CNY');
    expect(replyCost('deepseek-reasoner', 'DeepSeek', 6, 212)?.amount).toBeCloseTo(0.00341, 6);
    expect(replyCost('o1', 'OpenAI', 10, 10)).toBeNull();
    expect(replyCost('qwen2.5:7b', 'Ollama', 10, 10)).toBeNull();
  });
});

describe('chat search', () => {
  it('is a case-insensitive substring match on the summary; empty returns all', () => {
    const chats = [{ summary: 'Weather in Paris' }, { summary: 'Recipes' }] as never[];
    expect(filterChats(chats, 'PARIS')).toHaveLength(1);
    expect(filterChats(chats, '  ')).toHaveLength(2);
    expect(filterChats(chats, 'zzz')).toHaveLength(0);
  });
});

describe('markdown blocks', () => {
  it('splits at blank lines but keeps fenced code with blank lines whole', () => {
    const text = 'One\n\n```js\na\n\nb\n```\n\nTwo\nlines\n\n| a |\n|---|\n| 1 |';
    expect(markdownBlocks(text)).toEqual([
      'One\n',
      '```js\na\n\nb\n```\n',
      'Two\nlines\n',
      '| a |\n|---|\n| 1 |',
    ]);
  });

  it('grows incrementally to the same blocks as a whole split', () => {
    const text = 'alpha\n\nbeta **bold**\n\n```\ncode\n\nmore\n```\n\ngamma';
    const cache = new BlockCache();
    for (let i = 1; i <= text.length; i += 3) cache.update(text.slice(0, i));
    cache.update(text);
    const blocks = [...cache.groups.flat(), cache.open];
    expect(blocks).toEqual(markdownBlocks(text));
    expect(cache.count).toBe(3);
  });
});
