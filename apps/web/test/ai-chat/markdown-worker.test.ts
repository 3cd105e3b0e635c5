// @vitest-environment node
import type { Root } from 'hast';
import { describe, expect, it } from 'vitest';

describe('the markdown worker', () => {
  it('answers blocks with sanitised trees, in order, without source positions', async () => {
    const sent: Array<{ texts: string[]; trees: Root[] }> = [];
    const scope = globalThis as unknown as {
      self: { postMessage(m: unknown): void; onmessage?: (e: { data: unknown }) => void };
    };
    scope.self = { postMessage: (m) => sent.push(m as never) };
    await import('@/features/ai-chat/lib/markdown.worker');
    const texts = ['**one**', '<script>x()</script> two', '```ts\nconst a = 1;\n```', '$x^2$'];
    scope.self.onmessage!({ data: { texts } });
    expect(sent.flatMap((m) => m.texts)).toEqual(texts);
    const trees = sent.flatMap((m) => m.trees);
    expect(JSON.stringify(trees[0])).toContain('"tagName":"strong"');
    expect(JSON.stringify(trees[1])).not.toContain('script');
    expect(JSON.stringify(trees[2])).toContain('hljs-keyword');
    // Math is typeset without a DOM.
    expect(JSON.stringify(trees[3])).toContain('"katex"');
    expect(JSON.stringify(trees)).not.toContain('position');
  });
});
