// @vitest-environment node
import type { AiChatMessage } from '@confab/protocol/ai-chat';
import { aiChatMessageSchema } from '@confab/protocol/ai-chat-export';
import { defaultSettings } from '@confab/protocol/ai-settings';
import { syncedMessageSchema } from '@confab/protocol/ai-history';
import type { PromptAttachment } from '@confab/protocol/prompt-attachments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attachmentKind,
  attachmentTokens,
  cappedText,
  estimateTokens,
  fileContextBlock,
  imagePlan,
  isSafeImageDataUrl,
  refusalBeforeReading,
} from '@/features/ai-chat/lib/attachment-rules';
import { buildChatRequest } from '@/features/ai-chat/engine/request-building';
import { modelSeesImages } from '@/features/ai-chat/engine/model-vision';
import { runChat } from '@/features/ai-chat/engine/run-chat';
import {
  startProviderServer,
  type ProviderServer,
} from '../../../../e2e/support/provider-server/server';
import { aiChat } from '../helpers/ai-chat-records';

const mb = 1024 * 1024;
const pngBase64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const image: PromptAttachment = {
  kind: 'image',
  name: 'dot.png',
  size: 70,
  mime: 'image/png',
  dataUrl: `data:image/png;base64,${pngBase64}`,
  width: 1,
  height: 1,
};
const notes: PromptAttachment = {
  kind: 'text',
  name: 'notes.md',
  size: 11,
  mime: 'text/markdown',
  text: 'Hello notes',
};

describe('which files are taken (docs/product.md#prompt-attachments)', () => {
  it.each([
    ['cat.png', 'image/png', 'image'],
    ['cat.JPG', '', 'image'],
    ['a.webp', 'image/webp', 'image'],
    ['paper.pdf', 'application/pdf', 'pdf'],
    ['paper.pdf', '', 'pdf'],
    ['notes.txt', 'text/plain', 'text'],
    ['data.csv', 'text/csv', 'text'],
    ['x.json', 'application/json', 'text'],
    ['main.rs', '', 'text'],
    ['App.tsx', 'application/octet-stream', 'text'],
    ['setup.exe', 'application/x-msdownload', null],
    ['archive.zip', 'application/zip', null],
    ['archive.zip', '', null],
    ['clip.mp4', 'video/mp4', null],
    ['photo.heic', 'image/heic', null],
    ['drawing.svg', 'image/svg+xml', null],
  ])('%s (%s) is %s', (name, mime, kind) => expect(attachmentKind(name, mime)).toBe(kind));

  const context = { vision: true, model: 'gpt-4o', pending: 0 };
  it('refuses by type, size, vision and count before reading', () => {
    expect(
      refusalBeforeReading({ name: 'a.zip', type: 'application/zip', size: 1 }, context),
    ).toEqual({ reason: 'unsupported', name: 'a.zip' });
    expect(
      refusalBeforeReading({ name: 'big.png', type: 'image/png', size: 20 * mb + 1 }, context),
    ).toEqual({ reason: 'tooLarge', name: 'big.png', max: 20 * mb });
    expect(
      refusalBeforeReading({ name: 'ok.png', type: 'image/png', size: 20 * mb }, context),
    ).toBeNull();
    expect(
      refusalBeforeReading({ name: 'big.txt', type: 'text/plain', size: mb + 1 }, context),
    ).toEqual({ reason: 'tooLarge', name: 'big.txt', max: mb });
    expect(
      refusalBeforeReading(
        { name: 'a.png', type: 'image/png', size: 5 },
        { ...context, vision: false, model: 'deepseek-chat' },
      ),
    ).toEqual({ reason: 'noVision', name: 'a.png', model: 'deepseek-chat' });
    expect(
      refusalBeforeReading(
        { name: 'n.txt', type: 'text/plain', size: 5 },
        { ...context, pending: 10 },
      ),
    ).toEqual({ reason: 'tooMany', name: 'n.txt', max: 10 });
  });
});

describe('the size an image is sent at', () => {
  it('keeps a small image as it is', () => {
    expect(imagePlan(800, 600, 300_000, 'image/png')).toEqual({
      width: 800,
      height: 600,
      encodeAs: null,
    });
  });
  it('scales the longest side to 2048 px, keeping proportions', () => {
    expect(imagePlan(4096, 3072, 3 * mb, 'image/jpeg')).toEqual({
      width: 2048,
      height: 1536,
      encodeAs: 'image/jpeg',
    });
    expect(imagePlan(1000, 5000, 1 * mb, 'image/png')).toEqual({
      width: 410,
      height: 2048,
      encodeAs: 'image/webp',
    });
  });
  it('re-encodes a file over 4 MB even when small enough in pixels', () => {
    expect(imagePlan(2000, 2000, 5 * mb, 'image/png')).toEqual({
      width: 2000,
      height: 2000,
      encodeAs: 'image/webp',
    });
  });
});

describe('text of files', () => {
  it('estimates about one token per four characters', () => {
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens('abcde')).toBe(2);
    expect(attachmentTokens([image, notes, { ...notes, text: 'x'.repeat(400) }])).toBe(103);
  });
  it('caps the text at 200,000 characters', () => {
    expect(cappedText('x'.repeat(200_001))).toEqual({ text: 'x'.repeat(200_000), truncated: true });
    expect(cappedText('short')).toEqual({ text: 'short', truncated: false });
  });
  it('fences a file longer than any backticks inside it', () => {
    expect(fileContextBlock(notes)).toBe('File: notes.md\n```\nHello notes\n```');
    expect(fileContextBlock({ name: 'a.md', text: 'x ```` y' })).toBe(
      'File: a.md\n`````\nx ```` y\n`````',
    );
  });
  it('shows only base64 data URLs of the image types sent', () => {
    expect(isSafeImageDataUrl(image.dataUrl)).toBe(true);
    expect(isSafeImageDataUrl('data:image/svg+xml;base64,PHN2Zz4=')).toBe(false);
    expect(isSafeImageDataUrl('javascript:alert(1)')).toBe(false);
    expect(isSafeImageDataUrl('https://x.test/a.png')).toBe(false);
  });
});

describe('the stored message keeps its attachments', () => {
  const message: AiChatMessage = {
    id: 'm1',
    chatId: 'c1',
    prompt: 'look',
    reply: '',
    reasoning: '',
    model: 'gpt-4o',
    provider: 'OpenAI',
    temperature: 1,
    maxTokens: null,
    inputTokens: 0,
    outputTokens: 0,
    memo: '',
    isActive: false,
    citedFiles: [],
    citedChunks: [],
    createdAt: 1,
    attachments: [image, notes, { ...notes, kind: 'pdf', name: 'a.pdf', truncated: true }],
  };
  it('in export files and in the history sync', () => {
    expect(aiChatMessageSchema.parse(message)).toEqual(message);
    expect(syncedMessageSchema.parse(message)).toEqual(message);
  });
  it('refuses an image that is not a data URL of an image type sent', () => {
    for (const dataUrl of ['https://x.test/a.png', 'data:image/svg+xml;base64,PHN2Zz4=']) {
      const bad = { ...message, attachments: [{ ...image, dataUrl }] };
      expect(aiChatMessageSchema.safeParse(bad).success).toBe(false);
    }
    const many = { ...message, attachments: Array.from({ length: 11 }, () => notes) };
    expect(aiChatMessageSchema.safeParse(many).success).toBe(false);
  });
});

let server: ProviderServer;
beforeAll(async () => {
  server = await startProviderServer();
});
afterAll(() => server.close());

const chat = aiChat('c1', { summary: '', maxCtxMessages: 2, temperature: 0.5 });

async function sentMessages(
  provider: 'OpenAI' | 'Ollama',
  model: string,
  attachments: PromptAttachment[],
  options: { vision?: boolean; history?: AiChatMessage[] } = {},
) {
  const tag = `${provider}-${Math.random().toString(36).slice(2)}`;
  const settings = defaultSettings();
  settings.api.activeProvider = provider;
  settings.api.providers[provider] = {
    ...settings.api.providers[provider],
    base: server.base(
      `${provider === 'Ollama' ? 'ollama-text' : 'openai-text'},tag:${tag}`,
      provider === 'OpenAI' ? '/v1' : '',
    ),
    key: 'sk-test',
    model,
  };
  const request = buildChatRequest({
    settings,
    chat,
    history: options.history ?? [],
    prompt: 'What is this?',
    attachments,
    vision: options.vision,
  });
  const result = await runChat(request, {
    chatId: 'c1',
    signal: new AbortController().signal,
    onEvent: () => undefined,
  });
  expect(result.failure).toBeUndefined();
  const sent = server.requests.find((r) => r.tag === tag && r.path !== '/api/show');
  return (sent?.body as { messages: unknown[] }).messages;
}

function ollamaSettings(model: string) {
  const settings = defaultSettings();
  settings.api.providers.Ollama = { ...settings.api.providers.Ollama, base: server.url, model };
  return settings;
}

describe('whether a model takes images', () => {
  it('from the catalogue, or as Ollama reports it', async () => {
    const openai = defaultSettings();
    openai.api.activeProvider = 'OpenAI';
    openai.api.providers.OpenAI.model = 'gpt-4o';
    expect(await modelSeesImages(openai, null)).toBe(true);
    expect(await modelSeesImages(openai, { model: 'gpt-3.5-turbo' })).toBe(false);
    expect(await modelSeesImages(ollamaSettings('gemma3:latest'), null)).toBe(true);
    expect(await modelSeesImages(ollamaSettings('qwen2.5:7b'), null)).toBe(false);
    expect(await modelSeesImages(ollamaSettings('unknown:1b'), null)).toBe(false);
  });
});

describe('attachments as each provider receives them', () => {
  it('OpenAI: the files in the text part, the image as an image_url data URL', async () => {
    const messages = await sentMessages('OpenAI', 'gpt-4o', [notes, image]);
    expect(messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'What is this?\n\nFile: notes.md\n```\nHello notes\n```' },
          { type: 'image_url', image_url: { url: `data:image/png;base64,${pngBase64}` } },
        ],
      },
    ]);
  });

  it('Ollama: the text as content and the image in images, base64 without a prefix', async () => {
    const messages = await sentMessages('Ollama', 'gemma3:latest', [image, notes], {
      vision: await modelSeesImages(ollamaSettings('gemma3:latest'), null),
    });
    expect(messages).toEqual([
      {
        role: 'user',
        content: 'What is this?\n\nFile: notes.md\n```\nHello notes\n```',
        images: [pngBase64],
      },
    ]);
  });

  it('a prompt of images only has no empty text part', async () => {
    const tag = `OpenAI-${Math.random().toString(36).slice(2)}`;
    const settings = defaultSettings();
    settings.api.activeProvider = 'OpenAI';
    settings.api.providers.OpenAI = {
      ...settings.api.providers.OpenAI,
      base: server.base(`openai-text,tag:${tag}`, '/v1'),
      key: 'sk-test',
      model: 'gpt-4o',
    };
    const request = buildChatRequest({
      settings,
      chat,
      history: [],
      prompt: '',
      attachments: [image],
    });
    expect(request.messages).toEqual([
      { role: 'user', content: [{ type: 'image', image: pngBase64, mediaType: 'image/png' }] },
    ]);
  });

  it('a model without vision gets the files only', async () => {
    const messages = await sentMessages('OpenAI', 'gpt-3.5-turbo', [image, notes]);
    expect(messages).toEqual([
      { role: 'user', content: 'What is this?\n\nFile: notes.md\n```\nHello notes\n```' },
    ]);
  });

  it('earlier prompts go with their attachments again', async () => {
    const earlier: AiChatMessage = {
      id: 'm0',
      chatId: 'c1',
      prompt: 'First',
      reply: 'Seen',
      reasoning: '',
      model: 'gpt-4o',
      provider: 'OpenAI',
      temperature: 1,
      maxTokens: null,
      inputTokens: 0,
      outputTokens: 0,
      memo: '',
      isActive: false,
      citedFiles: [],
      citedChunks: [],
      createdAt: 0,
      attachments: [image],
    };
    const messages = await sentMessages('OpenAI', 'gpt-4o', [], { history: [earlier] });
    expect(messages.slice(0, 2)).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'First' },
          { type: 'image_url', image_url: { url: `data:image/png;base64,${pngBase64}` } },
        ],
      },
      { role: 'assistant', content: 'Seen' },
    ]);
  });
});
