/**
 * Open WebUI's chat export: a list of `{ id, title, chat: { history: { messages, currentId } } }`.
 * The branch ending at `currentId` is imported. A reply's reasoning comes from its `output`
 * items (`reasoning`) or its `<details type="reasoning">` block; tool-call blocks are dropped.
 */
import { chatFromTurns, isRecord, textOf, toEpochMs, type Turn } from './turns';
import type { ParsedExport } from './types';

export function looksLikeOpenWebUi(data: unknown): data is unknown[] {
  return (
    Array.isArray(data) &&
    data.length > 0 &&
    data.every(
      (c) => isRecord(c) && isRecord(c.chat) && ('history' in c.chat || 'messages' in c.chat),
    )
  );
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };
const decode = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => entities[e]!);

const outputTexts = (items: unknown[], type: string) =>
  items
    .filter((item) => isRecord(item) && item.type === type && Array.isArray(item.content))
    .flatMap((item) => (item as { content: unknown[] }).content)
    .map((part) => (isRecord(part) ? textOf(part.text) : ''))
    .filter(Boolean)
    .join('\n\n');

/** The reply and its reasoning from an assistant message. */
export function splitReply(message: Record<string, unknown>): { text: string; reasoning: string } {
  const content = textOf(message.content);
  const reasoningBlocks: string[] = [];
  const text = content
    .replace(/<details\b([^>]*)>([\s\S]*?)<\/details>\s*/g, (_, attrs: string, inner: string) => {
      if (/type="reasoning"/.test(attrs)) {
        reasoningBlocks.push(decode(inner.replace(/<summary>[\s\S]*?<\/summary>/, '')).trim());
      }
      return '';
    })
    .trim();
  const output = Array.isArray(message.output) ? message.output : null;
  if (output) {
    const reply = outputTexts(output, 'message');
    const reasoning = outputTexts(output, 'reasoning');
    if (reply || reasoning)
      return { text: reply || text, reasoning: reasoning || reasoningBlocks.join('\n\n') };
  }
  return { text, reasoning: reasoningBlocks.join('\n\n') };
}

function branch(messages: Record<string, unknown>, currentId: unknown): Record<string, unknown>[] {
  const list: Record<string, unknown>[] = [];
  const seen = new Set<string>();
  let id = currentId;
  while (typeof id === 'string' && !seen.has(id) && isRecord(messages[id])) {
    seen.add(id);
    const message = messages[id] as Record<string, unknown>;
    list.push(message);
    id = message.parentId;
  }
  return list.reverse();
}

export function parseOpenWebUi(data: unknown[]): ParsedExport {
  const result: ParsedExport = { chats: [], skipped: [] };
  data.forEach((entry, i) => {
    const chat = isRecord(entry) && isRecord(entry.chat) ? entry.chat : {};
    const title = (isRecord(entry) && textOf(entry.title)) || textOf(chat.title) || `#${i + 1}`;
    const history = isRecord(chat.history) ? chat.history : {};
    const stored = isRecord(history.messages) ? history.messages : {};
    const turns: Turn[] = [];
    const system: string[] = [];
    for (const message of branch(stored, history.currentId)) {
      const createdAt = toEpochMs(message.timestamp);
      const time = createdAt ? { createdAt } : {};
      if (message.role === 'system') system.push(textOf(message.content));
      else if (message.role === 'user')
        turns.push({ role: 'user', text: textOf(message.content), ...time });
      else if (message.role === 'assistant') {
        const model = textOf(message.model);
        turns.push({
          role: 'assistant',
          ...splitReply(message),
          ...(model ? { model } : {}),
          ...time,
        });
      }
    }
    const models = Array.isArray(chat.models)
      ? chat.models.filter((m) => typeof m === 'string')
      : [];
    const created = isRecord(entry) ? toEpochMs(entry.created_at) : undefined;
    const updated = isRecord(entry) ? toEpochMs(entry.updated_at) : undefined;
    const imported = chatFromTurns(turns, {
      title,
      systemMessage: system.filter((s) => s.trim()).join('\n\n'),
      ...(models[0] ? { model: models[0] } : {}),
      ...(created ? { createdAt: created } : {}),
      ...(updated ? { updatedAt: updated } : {}),
    });
    if (imported) result.chats.push(imported);
    else result.skipped.push({ title, reason: 'noMessages' });
  });
  return result;
}
