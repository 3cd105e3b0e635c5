// @vitest-environment node
import { jsonSchema, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import {
  finishTokens,
  modelPrompt,
  modelTools,
  sniffImageType,
} from '@/features/ai-chat/engine/model-call';

// The first bytes of a PNG, as base64 and as bytes.
const pngBase64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAAB';
const pngBytes = Uint8Array.from(atob(pngBase64), (c) => c.charCodeAt(0));
const urlsOf = (pattern: RegExp) => ({ 'image/*': [pattern] });

describe('the prompt a streamed step sends the provider', () => {
  it('has the system text, then each message in the provider form', async () => {
    const prompt = await modelPrompt(
      'Be brief',
      [
        { role: 'user', content: 'Hi' },
        { role: 'assistant', content: 'Hello' },
        { role: 'user', content: 'Multiply' },
        {
          role: 'assistant',
          content: [
            { type: 'reasoning', text: 'The user wants a product' },
            { type: 'text', text: '' },
            { type: 'tool-call', toolCallId: 'c1', toolName: 'calc--multiply', input: { a: 2 } },
          ],
        },
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: 'c1',
              toolName: 'calc--multiply',
              output: { type: 'error-text', value: 'Error: denied' },
            },
          ],
        },
      ],
      {},
    );
    expect(prompt).toEqual([
      { role: 'system', content: 'Be brief' },
      { role: 'user', content: [{ type: 'text', text: 'Hi' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'Hello' }] },
      { role: 'user', content: [{ type: 'text', text: 'Multiply' }] },
      {
        role: 'assistant',
        content: [
          { type: 'reasoning', text: 'The user wants a product' },
          { type: 'tool-call', toolCallId: 'c1', toolName: 'calc--multiply', input: { a: 2 } },
        ],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'c1',
            toolName: 'calc--multiply',
            output: { type: 'error-text', value: 'Error: denied' },
          },
        ],
      },
    ]);
  });

  it('sends no system message without a system text', async () => {
    expect(await modelPrompt(undefined, [{ role: 'user', content: 'Hi' }], {})).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Hi' }] },
    ]);
  });

  it('sends a base64 image as a file of the type its bytes show, and drops empty text', async () => {
    const [message] = await modelPrompt(
      undefined,
      [
        {
          role: 'user',
          content: [
            { type: 'text', text: '' },
            { type: 'image', image: pngBase64, mediaType: 'image/jpeg' },
            { type: 'text', text: 'What is this?' },
          ],
        },
      ],
      {},
    );
    expect(message).toEqual({
      role: 'user',
      content: [
        { type: 'file', mediaType: 'image/png', filename: undefined, data: pngBase64 },
        { type: 'text', text: 'What is this?' },
      ],
    });
  });

  it('passes an image URL the provider takes, and downloads one it does not first', async () => {
    const url = new URL('https://images.example/cat.png');
    const image = {
      role: 'user' as const,
      content: [{ type: 'image' as const, image: url, mediaType: 'image/png' }],
    };

    const [kept] = await modelPrompt(undefined, [image], urlsOf(/^https:\/\//));
    expect(kept?.content).toEqual([
      { type: 'file', mediaType: 'image/png', filename: undefined, data: url },
    ]);

    // One it does not take is downloaded first, through the AI SDK's guarded download: a URL
    // of a private address is refused before any request.
    const local = new URL('http://127.0.0.1:9/cat.png');
    const elsewhere = { ...image, content: [{ ...image.content[0]!, image: local }] };
    await expect(modelPrompt(undefined, [elsewhere], {})).rejects.toThrow(
      'URL with IP address 127.0.0.1 is not allowed',
    );
    // Taken as it is when the provider says so.
    const [passed] = await modelPrompt(undefined, [elsewhere], urlsOf(/^http:/));
    expect(passed?.content).toEqual([
      { type: 'file', mediaType: 'image/png', filename: undefined, data: local },
    ]);
  });

  it('knows the common image types by their first bytes', () => {
    expect(sniffImageType(pngBase64)).toBe('image/png');
    expect(sniffImageType(pngBytes)).toBe('image/png');
    expect(sniffImageType(Uint8Array.of(0xff, 0xd8, 0xff))).toBe('image/jpeg');
    expect(sniffImageType(Uint8Array.of(0x47, 0x49, 0x46, 0x38))).toBe('image/gif');
    expect(sniffImageType('not base64 at all!')).toBeUndefined();
  });
});

describe('the tools a streamed step offers', () => {
  it('are function tools with their JSON schema, chosen automatically', async () => {
    const schema = { type: 'object' as const, properties: { a: { type: 'number' as const } } };
    expect(
      await modelTools({
        'calc--multiply': tool({ description: 'Multiplies', inputSchema: jsonSchema(schema) }),
      }),
    ).toEqual({
      tools: [
        {
          type: 'function',
          name: 'calc--multiply',
          description: 'Multiplies',
          inputSchema: schema,
        },
      ],
      toolChoice: { type: 'auto' },
    });
  });

  it('are none, with no choice, when there are no tools', async () => {
    expect(await modelTools(undefined)).toEqual({ tools: undefined, toolChoice: undefined });
    expect(await modelTools({})).toEqual({ tools: undefined, toolChoice: undefined });
  });
});

describe('the token counts of a finished stream', () => {
  it('are the totals, zero when the provider leaves them out', () => {
    const usage = (input?: number, output?: number) => ({
      type: 'finish' as const,
      finishReason: { unified: 'stop' as const, raw: 'stop' },
      usage: {
        inputTokens: {
          total: input,
          noCache: undefined,
          cacheRead: undefined,
          cacheWrite: undefined,
        },
        outputTokens: { total: output, text: undefined, reasoning: undefined },
      },
    });
    expect(finishTokens(usage(16, 22))).toEqual({ input: 16, output: 22 });
    expect(finishTokens(usage())).toEqual({ input: 0, output: 0 });
  });
});
