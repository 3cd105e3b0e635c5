import type { McpCallReply, McpContent } from '@confab/protocol/mcp';
import { base64Bytes, formatBytes } from './safe-media';

/**
 * A tool result as the text of the tool message sent back to the model. Providers take a
 * string there: text and text resources go in whole, media and binary resources are named.
 */
function describe(item: McpContent): string {
  switch (item.type) {
    case 'text':
      return item.text;
    case 'image':
      return `[image ${item.mimeType}, ${formatBytes(base64Bytes(item.data))}]`;
    case 'audio':
      return `[audio ${item.mimeType}, ${formatBytes(base64Bytes(item.data))}]`;
    case 'resource_link':
      return `[resource ${item.name}: ${item.uri}]`;
    case 'resource': {
      const { uri, mimeType, text } = item.resource;
      if (typeof text === 'string') return text;
      return `[binary resource ${uri}${mimeType ? ` (${mimeType})` : ''}]`;
    }
  }
}

export function resultForModel(result: McpCallReply): string {
  const text = result.content.map(describe).join('\n');
  if (result.isError) return `Error: ${text || 'the tool failed without a message'}`;
  if (text) return text;
  return result.structuredContent ? JSON.stringify(result.structuredContent) : '(no output)';
}

export const errorForModel = (message: string) => `Error: ${message}`;
