// @vitest-environment node
import { it } from 'vitest';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkRehype from 'remark-rehype';
import rehypeSanitize from 'rehype-sanitize';
import rehypeHighlight from 'rehype-highlight';
import { toJsxRuntime } from 'hast-util-to-jsx-runtime';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';

it('perf3', () => {
  const text = 'alpha beta gamma delta **bold** `code` ';
  const stages: Record<string, any> = {
    parse: unified().use(remarkParse).freeze(),
    gfm: unified().use(remarkParse).use(remarkGfm).freeze(),
  };
  for (const [name, p] of Object.entries(stages)) {
    const t0 = performance.now();
    for (let i = 0; i < 2000; i++) p.parse(text);
    console.log(name, ((performance.now() - t0) / 2000).toFixed(3), 'ms');
  }
  const full = unified().use(remarkParse).use(remarkGfm).use(remarkRehype).use(rehypeSanitize).use(rehypeHighlight, { detect: false }).freeze();
  const noSan = unified().use(remarkParse).use(remarkGfm).use(remarkRehype).use(rehypeHighlight, { detect: false }).freeze();
  const noHl = unified().use(remarkParse).use(remarkGfm).use(remarkRehype).use(rehypeSanitize).freeze();
  for (const [name, p] of Object.entries({ full, noSan, noHl })) {
    const t0 = performance.now();
    for (let i = 0; i < 2000; i++) { const t = p.runSync(p.parse(text)); toJsxRuntime(t as any, { Fragment, jsx, jsxs } as any); }
    console.log(name, ((performance.now() - t0) / 2000).toFixed(3), 'ms');
  }
});
