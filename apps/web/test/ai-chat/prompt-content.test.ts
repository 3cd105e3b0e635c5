// @vitest-environment node
import { defaultSettings } from '@confab/protocol/ai-settings';
import type { AiChat } from '@confab/protocol/ai-chat';
import { describe, expect, it } from 'vitest';
import { preparePrompt, promptContent } from '@/features/ai-chat/engine/prompt-content';
import { buildChatRequest } from '@/features/ai-chat/engine/request-building';

const vision = { enabled: true, allowBase64: true, allowUrl: true };
const fence = '```';

describe('prompt content for a model without vision (docs/product.md#prompt-content)', () => {
  it.each([
    'Array<string>',
    'is a < b > c true?',
    'Map<K, V> and Set<T>',
    'function id<T>(x: T): T',
    'Render <MyButton onClick={go}>Go</MyButton> here',
    'React.FC<P> with <I> and <B>',
    'Vec<u8>, Option<Box<dyn Error>>',
  ])('%s is sent as written', (prompt) => {
    expect(preparePrompt(prompt, undefined)).toEqual({ content: prompt, htmlStripped: false });
  });

  it.each([
    ['Hello <b>there</b>', 'Hello there'],
    ['<div class="note" data-x=\'1\'>Hi</div>', 'Hi'],
    ['one<br/>two<br>three</p>', 'onetwothree'],
    ['see <img src="https://x.test/a.png" alt="a"> this', 'see  this'],
    ['keep <!-- a comment --> this', 'keep  this'],
    ['<DIV>old style</DIV>', 'old style'],
  ])('%s loses its HTML tags', (prompt, sent) => {
    expect(preparePrompt(prompt, undefined)).toEqual({ content: sent, htmlStripped: true });
  });

  it('keeps inline code and fenced code verbatim', () => {
    const prompt = [
      'Why does `<div>{x}</div>` fail in <b>this</b>:',
      `${fence}tsx`,
      'const a = <div className="x"><br/></div>;',
      fence,
      'and ``<p>`` too?',
    ].join('\n');
    const sent = [
      'Why does `<div>{x}</div>` fail in this:',
      `${fence}tsx`,
      'const a = <div className="x"><br/></div>;',
      fence,
      'and ``<p>`` too?',
    ].join('\n');
    expect(preparePrompt(prompt, undefined)).toEqual({ content: sent, htmlStripped: true });
  });

  it('an unclosed fence keeps the rest as code', () => {
    const prompt = `Look:\n${fence}html\n<p>hi</p>`;
    expect(preparePrompt(prompt, undefined)).toEqual({ content: prompt, htmlStripped: false });
  });
});

describe('prompt content for a vision model', () => {
  it('images from img tags; generics and code stay as written', () => {
    const prompt =
      'What is Array<string> in <img src="https://x.test/a.png"> and `<img src="b.png">`?';
    expect(preparePrompt(prompt, vision)).toEqual({
      content: [
        { type: 'text', text: 'What is Array<string> in' },
        { type: 'image', image: new URL('https://x.test/a.png'), mediaType: 'image/png' },
        { type: 'text', text: 'and `<img src="b.png">`?' },
      ],
      htmlStripped: false,
    });
  });

  it('other HTML tags around images are stripped, and that is told', () => {
    const { content, htmlStripped } = preparePrompt(
      '<p>Look</p> <img src="data:image/png;base64,AAA">',
      vision,
    );
    expect(content).toEqual([
      { type: 'text', text: 'Look' },
      { type: 'image', image: 'AAA', mediaType: 'image/png' },
    ]);
    expect(htmlStripped).toBe(true);
  });

  it('without images: text, stripped only of real tags', () => {
    expect(promptContent('Map<K, V> <p>hi</p>', vision)).toBe('Map<K, V> hi');
    expect(preparePrompt('Map<K, V>', vision)).toEqual({
      content: 'Map<K, V>',
      htmlStripped: false,
    });
  });
});

describe('the request tells whether the prompt lost HTML', () => {
  const chat: AiChat = {
    id: 'c1',
    createdAt: 0,
    updatedAt: 0,
    summary: '',
    model: '',
    systemMessage: '',
    maxCtxMessages: 0,
    temperature: 1,
    maxTokens: null,
    prompt: '',
    input: '',
    stream: true,
    context: '',
  };
  it.each([
    ['deepseek-chat', 'Array<string> <b>x</b>', 'Array<string> x', true],
    ['deepseek-chat', 'Array<string>', 'Array<string>', false],
    ['gpt-4o', '<p>hi</p>', 'hi', true],
  ])('%s: %s', (model, prompt, sent, stripped) => {
    const settings = defaultSettings();
    const provider = model === 'gpt-4o' ? 'OpenAI' : 'DeepSeek';
    settings.api.activeProvider = provider;
    settings.api.providers[provider] = { ...settings.api.providers[provider], model };
    const request = buildChatRequest({ settings, chat, history: [], prompt });
    expect(request.messages.at(-1)).toEqual({ role: 'user', content: sent });
    expect(request.htmlStripped).toBe(stripped);
  });
});
