/**
 * ChatGPT's conversations.json: a list of conversations, each a tree of nodes (`mapping`) whose
 * `current_node` is the last message the user saw. That branch is imported: from
 * `current_node` up through the parents. Tool and browsing turns (role `tool`, messages to a
 * recipient other than `all`, content other than text) are dropped; hidden nodes too.
 */
import { chatFromTurns, isRecord, textOf, toEpochMs, type Turn } from './turns';
import type { ParsedExport } from './types';

export function looksLikeChatGpt(data: unknown): data is unknown[] {
  return (
    Array.isArray(data) &&
    data.length > 0 &&
    data.every(
      (c) => isRecord(c) && ('mapping' in c || 'current_node' in c || 'conversation_id' in c),
    )
  );
}

function branch(mapping: Record<string, unknown>, current: string): Record<string, unknown>[] {
  const nodes: Record<string, unknown>[] = [];
  const seen = new Set<string>();
  let id: unknown = current;
  while (typeof id === 'string' && !seen.has(id)) {
    seen.add(id);
    const node = mapping[id];
    if (!isRecord(node)) break;
    nodes.push(node);
    id = node.parent;
  }
  return nodes.reverse();
}

function turnOf(node: Record<string, unknown>): Turn | { system: string } | null {
  const message = node.message;
  if (!isRecord(message) || !isRecord(message.content) || !isRecord(message.author)) return null;
  const metadata = isRecord(message.metadata) ? message.metadata : {};
  if (metadata.is_visually_hidden_from_conversation === true) return null;
  const content = message.content;
  if (content.content_type !== 'text') return null;
  const recipient = message.recipient;
  if (recipient !== undefined && recipient !== 'all') return null;
  const parts = Array.isArray(content.parts) ? content.parts : [];
  const text = parts.filter((p) => typeof p === 'string').join('\n');
  const role = message.author.role;
  if (role === 'system') return { system: text };
  if (role !== 'user' && role !== 'assistant') return null;
  const model = textOf(metadata.model_slug);
  const finish = isRecord(metadata.finish_details) ? metadata.finish_details.type : undefined;
  return {
    role,
    text,
    ...(model ? { model } : {}),
    ...(toEpochMs(message.create_time) ? { createdAt: toEpochMs(message.create_time)! } : {}),
    ...(message.status === 'in_progress' || finish === 'interrupted' ? { stopped: true } : {}),
  };
}

export function parseChatGpt(data: unknown[]): ParsedExport {
  const result: ParsedExport = { chats: [], skipped: [] };
  data.forEach((entry, i) => {
    const title = isRecord(entry) && textOf(entry.title) ? textOf(entry.title) : `#${i + 1}`;
    if (!isRecord(entry) || !isRecord(entry.mapping) || typeof entry.current_node !== 'string') {
      result.skipped.push({ title, reason: 'noMessages' });
      return;
    }
    const turns: Turn[] = [];
    const system: string[] = [];
    for (const node of branch(entry.mapping, entry.current_node)) {
      const turn = turnOf(node);
      if (!turn) continue;
      if ('system' in turn) {
        if (turn.system.trim()) system.push(turn.system);
      } else turns.push(turn);
    }
    const model = textOf(entry.default_model_slug);
    const chat = chatFromTurns(turns, {
      title,
      systemMessage: system.join('\n\n'),
      ...(model ? { model } : {}),
      ...(toEpochMs(entry.create_time) ? { createdAt: toEpochMs(entry.create_time)! } : {}),
      ...(toEpochMs(entry.update_time) ? { updatedAt: toEpochMs(entry.update_time)! } : {}),
    });
    if (chat) result.chats.push(chat);
    else result.skipped.push({ title, reason: 'noMessages' });
  });
  return result;
}
