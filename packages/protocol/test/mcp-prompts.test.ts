import { describe, expect, it } from 'vitest';
import { mcpGetPromptBodySchema, promptMessagesText } from '../src/mcp-prompts';

describe('MCP prompt messages as composer text', () => {
  it('joins the messages in order, with an embedded resource under its URI and the rest named', () => {
    expect(
      promptMessagesText([
        { role: 'user', content: { type: 'text', text: 'Review this:' } },
        {
          role: 'user',
          content: { type: 'resource', resource: { uri: 'file:///a.ts', text: 'let a = 1;' } },
        },
        { role: 'assistant', content: { type: 'text', text: 'Which part?' } },
        { role: 'user', content: { type: 'image', data: 'AAAA', mimeType: 'image/png' } },
        { role: 'user', content: { type: 'resource', resource: { uri: 'x://bin', blob: 'AA' } } },
      ]),
    ).toBe(
      'Review this:\n\nfile:///a.ts:\nlet a = 1;\n\n[assistant] Which part?\n\n[image image/png]\n\n[x://bin]',
    );
  });

  it('takes arguments as text only, and only so many', () => {
    expect(
      mcpGetPromptBodySchema.safeParse({ client: 'a', name: 'p', args: { n: 1 } }).success,
    ).toBe(false);
    const many = Object.fromEntries(Array.from({ length: 33 }, (_, i) => [`a${i}`, 'x']));
    const parsed = mcpGetPromptBodySchema.safeParse({ client: 'a', name: 'p', args: many });
    expect(parsed.error?.issues[0]?.message).toBe('At most 32 arguments');
  });
});
