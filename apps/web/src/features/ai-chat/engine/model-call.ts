/**
 * What a streamed step hands the provider's own `doStream`, built from the engine's messages
 * and tools with the AI SDK's public API only. It covers the messages this engine writes: a
 * system text; user text or text and image parts; assistant text, or reasoning, text and tool
 * calls; and tool results as text or error text. `test/ai-chat/model-call.test.ts` pins what
 * the providers receive.
 */
import {
  asSchema,
  createDownload,
  type ImagePart,
  type LanguageModel,
  type ModelMessage,
  type TextPart,
  type ToolSet,
} from 'ai';

/** The providers here are all of the current model interface. */
export type ModelV3 = Extract<LanguageModel, { specificationVersion: 'v3' }>;
type CallOptions = Parameters<ModelV3['doStream']>[0];
export type ModelPrompt = CallOptions['prompt'];
type UserPart = Extract<ModelPrompt[number], { role: 'user' }>['content'][number];
type AssistantPart = Extract<ModelPrompt[number], { role: 'assistant' }>['content'][number];
type ToolPart = Extract<ModelPrompt[number], { role: 'tool' }>['content'][number];
type SupportedUrls = Awaited<ModelV3['supportedUrls']>;
type FinishPart = Extract<
  Awaited<ReturnType<ModelV3['doStream']>>['stream'] extends ReadableStream<infer P> ? P : never,
  { type: 'finish' }
>;

// The leading bytes of the image types a prompt may carry; a base64 image is sent with the type
// its bytes show (a data URL may name the wrong one).
const imageSignatures: Array<[mediaType: string, prefix: Array<number | null>]> = [
  ['image/gif', [0x47, 0x49, 0x46]],
  ['image/png', [0x89, 0x50, 0x4e, 0x47]],
  ['image/jpeg', [0xff, 0xd8]],
  ['image/webp', [0x52, 0x49, 0x46, 0x46, null, null, null, null, 0x57, 0x45, 0x42, 0x50]],
  ['image/bmp', [0x42, 0x4d]],
  ['image/tiff', [0x49, 0x49, 0x2a, 0x00]],
  ['image/tiff', [0x4d, 0x4d, 0x00, 0x2a]],
];

function leadingBytes(data: string | Uint8Array): Uint8Array {
  if (typeof data !== 'string') return data.subarray(0, 16);
  try {
    const text = atob(data.slice(0, 24));
    return Uint8Array.from(text, (char) => char.charCodeAt(0));
  } catch {
    return new Uint8Array();
  }
}

export function sniffImageType(data: string | Uint8Array): string | undefined {
  const bytes = leadingBytes(data);
  return imageSignatures.find(
    ([, prefix]) =>
      bytes.length >= prefix.length &&
      prefix.every((byte, i) => byte === null || bytes[i] === byte),
  )?.[0];
}

/** Whether the provider takes this URL as it is (otherwise the browser downloads it first). */
function urlSupported(url: URL, mediaType: string, supportedUrls: SupportedUrls): boolean {
  const href = url.toString().toLowerCase();
  return Object.entries(supportedUrls).some(([pattern, regexes]) => {
    const key = pattern.toLowerCase();
    const prefix = key === '*' || key === '*/*' ? '' : key.replace(/\*/, '');
    const matches =
      prefix === '' || prefix.endsWith('/') ? mediaType.startsWith(prefix) : mediaType === prefix;
    return matches && regexes.some((regex) => regex.test(href));
  });
}

async function imagePart(
  part: ImagePart,
  supportedUrls: SupportedUrls,
  signal: AbortSignal | undefined,
): Promise<UserPart> {
  const declared = part.mediaType ?? 'image/*';
  let data: string | Uint8Array | URL;
  if (part.image instanceof URL) {
    data = urlSupported(part.image, declared, supportedUrls)
      ? part.image
      : (await createDownload()({ url: part.image, abortSignal: signal })).data;
  } else if (typeof part.image === 'string') {
    data = part.image;
  } else {
    data = new Uint8Array(part.image as ArrayBuffer);
  }
  const mediaType = data instanceof URL ? declared : (sniffImageType(data) ?? declared);
  return { type: 'file', mediaType, filename: undefined, data };
}

async function userContent(
  content: string | Array<TextPart | ImagePart>,
  supportedUrls: SupportedUrls,
  signal: AbortSignal | undefined,
): Promise<UserPart[]> {
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  const parts: UserPart[] = [];
  for (const part of content) {
    if (part.type === 'image') parts.push(await imagePart(part, supportedUrls, signal));
    else if (part.text !== '') parts.push({ type: 'text', text: part.text });
  }
  return parts;
}

function assistantContent(
  content: Extract<ModelMessage, { role: 'assistant' }>['content'],
): AssistantPart[] {
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  return content.flatMap((part): AssistantPart[] => {
    switch (part.type) {
      case 'text':
        return part.text === '' ? [] : [{ type: 'text', text: part.text }];
      case 'reasoning':
        return [{ type: 'reasoning', text: part.text }];
      case 'tool-call':
        return [
          {
            type: 'tool-call',
            toolCallId: part.toolCallId,
            toolName: part.toolName,
            input: part.input,
          },
        ];
      case 'file':
      case 'tool-result':
      case 'tool-approval-request':
        throw new Error(`The engine writes no assistant ${part.type} part`);
    }
  });
}

function toolContent(content: Extract<ModelMessage, { role: 'tool' }>['content']): ToolPart[] {
  return content.flatMap((part): ToolPart[] =>
    part.type === 'tool-result'
      ? [
          {
            type: 'tool-result',
            toolCallId: part.toolCallId,
            toolName: part.toolName,
            output: part.output as Extract<ToolPart, { type: 'tool-result' }>['output'],
          },
        ]
      : [],
  );
}

/** The engine's system text and messages as the provider's prompt. */
export async function modelPrompt(
  system: string | undefined,
  messages: readonly ModelMessage[],
  supportedUrls: SupportedUrls,
  signal?: AbortSignal,
): Promise<ModelPrompt> {
  const prompt: ModelPrompt = system != null ? [{ role: 'system', content: system }] : [];
  for (const message of messages) {
    switch (message.role) {
      case 'system':
        prompt.push({ role: 'system', content: message.content });
        break;
      case 'user':
        prompt.push({
          role: 'user',
          content: await userContent(
            message.content as string | Array<TextPart | ImagePart>,
            supportedUrls,
            signal,
          ),
        });
        break;
      case 'assistant':
        prompt.push({ role: 'assistant', content: assistantContent(message.content) });
        break;
      case 'tool':
        prompt.push({ role: 'tool', content: toolContent(message.content) });
        break;
    }
  }
  return prompt;
}

/** The tool set as the provider's function tools, offered with `auto` choice. */
export async function modelTools(
  tools: ToolSet | undefined,
): Promise<Pick<CallOptions, 'tools' | 'toolChoice'>> {
  const entries = Object.entries(tools ?? {});
  if (!entries.length) return { tools: undefined, toolChoice: undefined };
  return {
    tools: await Promise.all(
      entries.map(async ([name, tool]) => ({
        type: 'function' as const,
        name,
        description: tool.description,
        inputSchema: await asSchema(tool.inputSchema).jsonSchema,
      })),
    ),
    toolChoice: { type: 'auto' },
  };
}

/** The token counts of a finished stream (a provider may leave either out). */
export function finishTokens(part: FinishPart): { input: number; output: number } {
  return {
    input: part.usage.inputTokens.total ?? 0,
    output: part.usage.outputTokens.total ?? 0,
  };
}
