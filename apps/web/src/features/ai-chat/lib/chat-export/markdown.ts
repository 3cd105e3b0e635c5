/**
 * The readable export of AI chats (docs/product.md#ai-chat-transfer): per chat its title, model
 * and system message, then each prompt and reply with its time and model; reasoning is quoted.
 * Of a chat with versions, the path it shows is written.
 */
import type { AiChatExportEntry } from '@confab/protocol/ai-chat-export';
import { shownPath } from '../message-tree';

export interface MarkdownLabels {
  you: string;
  assistant: string;
  reasoning: string;
  model: string;
  system: string;
  untitled: string;
  /** Heads the names of a prompt's attachments (docs/product.md#prompt-attachments). */
  attachments: string;
}

const time = (ms: number) => new Date(ms).toISOString().replace('T', ' ').slice(0, 16) + ' UTC';
const quote = (text: string) =>
  text
    .split('\n')
    .map((line) => (line ? `> ${line}` : '>'))
    .join('\n');

function chatToMarkdown({ chat, messages }: AiChatExportEntry, labels: MarkdownLabels): string {
  const lines = [`# ${chat.summary.replace(/\s+/g, ' ').trim() || labels.untitled}`, ''];
  lines.push(
    `*${time(chat.createdAt)}${chat.model ? ` · ${labels.model}: ${chat.model}` : ''}*`,
    '',
  );
  if (chat.systemMessage.trim())
    lines.push(`**${labels.system}**`, '', quote(chat.systemMessage), '');
  for (const message of shownPath(messages)) {
    if (message.prompt) {
      lines.push(`## ${labels.you} · ${time(message.createdAt)}`, '', message.prompt, '');
    }
    if (message.attachments?.length) {
      const names = message.attachments.map((a) => a.name.replace(/[\r\n]+/g, ' ')).join(', ');
      lines.push(`*${labels.attachments}: ${names}*`, '');
    }
    const model = message.model ? ` · ${message.model}` : '';
    lines.push(`## ${labels.assistant}${model}`, '');
    if (message.reasoning.trim()) {
      lines.push(`> **${labels.reasoning}**`, '>', quote(message.reasoning), '');
    }
    lines.push(message.reply, '');
  }
  return lines.join('\n');
}

export function chatsToMarkdown(
  entries: readonly AiChatExportEntry[],
  labels: MarkdownLabels,
): string {
  return entries.map((entry) => chatToMarkdown(entry, labels)).join('\n---\n\n');
}
