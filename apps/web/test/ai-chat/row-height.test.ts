import type { AiChatMessage } from '@confab/protocol/ai-chat';
import { describe, expect, it } from 'vitest';
import {
  estimateRowHeight,
  measuredHeight,
  rememberHeight,
} from '@/features/ai-chat/lib/row-height';

const message = (reply: string, prompt = 'A question'): AiChatMessage =>
  ({ id: reply, chatId: 'c', prompt, reply, reasoning: '', createdAt: 0 }) as AiChatMessage;
const row = (reply: string, prompt?: string) =>
  ({ type: 'text', key: reply, message: message(reply, prompt) }) as const;

describe('message list row heights before layout', () => {
  it('grows with what a reply holds: wrapped lines, code lines, table rows, formulas', () => {
    const short = estimateRowHeight(row('Yes.'), 720);
    const long = estimateRowHeight(row('word '.repeat(400)), 720);
    const narrow = estimateRowHeight(row('word '.repeat(400)), 360);
    const code = (n: number) => '```ts\n' + 'x;\n'.repeat(n) + '```';
    const table = (n: number) => '| a |\n|---|\n' + '| 1 |\n'.repeat(n);
    expect(long).toBeGreaterThan(short);
    expect(narrow).toBeGreaterThan(long);
    expect(estimateRowHeight(row(code(30)), 720)).toBeGreaterThan(
      estimateRowHeight(row(code(3)), 720) + 400,
    );
    expect(estimateRowHeight(row(table(10)), 720)).toBeGreaterThan(
      estimateRowHeight(row(table(1)), 720) + 250,
    );
    expect(estimateRowHeight(row('$$\nx^2\n$$'), 720)).toBeGreaterThan(short);
  });

  it('a row once laid out keeps its height for the next opening', () => {
    expect(measuredHeight('m-1')).toBeUndefined();
    rememberHeight('m-1', 512);
    expect(measuredHeight('m-1')).toBe(512);
  });
});
