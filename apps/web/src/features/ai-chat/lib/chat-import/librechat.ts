/**
 * LibreChat's conversation export: `{ conversationId, title, options, messages }`, the messages
 * a flat list linked by `parentMessageId` or (`recursive`) nested in `children`. The export
 * names no current message: the branch ending at the last message of the file is imported
 * (the last child at every branch point, the one added last). `options.promptPrefix` becomes
 * the system message.
 */
import { chatFromTurns, isRecord, textOf, toEpochMs, type Turn } from './turns';
import type { ParsedExport } from './types';

export function looksLikeLibreChat(data: unknown): data is Record<string, unknown> {
  return isRecord(data) && 'conversationId' in data && Array.isArray(data.messages);
}

/** Every message in the file's order (a parent before its children). */
function flatten(
  messages: unknown[],
  into: Record<string, unknown>[] = [],
): Record<string, unknown>[] {
  for (const message of messages) {
    if (!isRecord(message)) continue;
    into.push(message);
    if (Array.isArray(message.children)) flatten(message.children, into);
  }
  return into;
}

function lastBranch(all: Record<string, unknown>[]): Record<string, unknown>[] {
  const byId = new Map(all.map((m) => [textOf(m.messageId), m]));
  const list: Record<string, unknown>[] = [];
  const seen = new Set<string>();
  let message = all.at(-1);
  while (message && !seen.has(textOf(message.messageId))) {
    seen.add(textOf(message.messageId));
    list.push(message);
    message = byId.get(textOf(message.parentMessageId));
  }
  return list.reverse();
}

export function parseLibreChat(data: Record<string, unknown>): ParsedExport {
  const title = textOf(data.title) || '#1';
  const options = isRecord(data.options) ? data.options : {};
  const turns: Turn[] = [];
  for (const message of lastBranch(flatten(data.messages as unknown[]))) {
    const createdAt = toEpochMs(message.createdAt);
    const model = textOf(message.model);
    turns.push({
      role: message.isCreatedByUser === true ? 'user' : 'assistant',
      text: textOf(message.text),
      ...(message.isCreatedByUser !== true && model ? { model } : {}),
      ...(createdAt ? { createdAt } : {}),
      ...(message.unfinished === true ? { stopped: true } : {}),
    });
  }
  const model = textOf(options.model);
  const times = turns.map((t) => t.createdAt).filter((t) => t !== undefined);
  const chat = chatFromTurns(turns, {
    title,
    systemMessage: textOf(options.promptPrefix),
    ...(model ? { model } : {}),
    ...(times[0] ? { createdAt: times[0] } : {}),
  });
  return chat
    ? { chats: [chat], skipped: [] }
    : { chats: [], skipped: [{ title, reason: 'noMessages' }] };
}
