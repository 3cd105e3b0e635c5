/**
 * A chat's messages as a tree (docs/product.md#versions-and-branches): each message follows its
 * `parentId`; messages with the same parent are versions of one another. The chat shows one path
 * from the first message down, taking at each step the version chosen last (the newest when
 * none was chosen).
 */
import type { AiChatMessage } from '@confab/protocol/ai-chat';

const byAge = (a: AiChatMessage, b: AiChatMessage) =>
  a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The parent of every message: messages from before versions existed (no `parentId`) follow the
 * message created before them, as they were shown.
 */
export function parentsOf(records: readonly AiChatMessage[]): Map<string, string | null> {
  const parents = new Map<string, string | null>();
  let previous: string | null = null;
  for (const message of [...records].sort(byAge)) {
    parents.set(message.id, message.parentId === undefined ? previous : message.parentId);
    previous = message.id;
  }
  return parents;
}

/** The parent a new version of `message` gets: the same as `message`'s. */
export function parentOf(records: readonly AiChatMessage[], message: AiChatMessage): string | null {
  return parentsOf(records).get(message.id) ?? message.parentId ?? null;
}

const root = '';

/** Children by parent; a message whose parent is not among `records` counts as a first one. */
function childrenOf(records: readonly AiChatMessage[]): Map<string, AiChatMessage[]> {
  const parents = parentsOf(records);
  const ids = new Set(records.map((m) => m.id));
  const children = new Map<string, AiChatMessage[]>();
  for (const message of [...records].sort(byAge)) {
    const parent = parents.get(message.id) ?? null;
    const key = parent !== null && ids.has(parent) && parent !== message.id ? parent : root;
    const list = children.get(key);
    if (list) list.push(message);
    else children.set(key, [message]);
  }
  return children;
}

const chosenAt = (m: AiChatMessage) => m.selectedAt ?? m.createdAt;

function chosen(versions: readonly AiChatMessage[]): AiChatMessage | undefined {
  let best: AiChatMessage | undefined;
  for (const m of versions) if (!best || chosenAt(m) >= chosenAt(best)) best = m;
  return best;
}

/** The messages the chat shows, oldest first: the path of chosen versions. */
export function shownPath(records: readonly AiChatMessage[]): AiChatMessage[] {
  const children = childrenOf(records);
  const path: AiChatMessage[] = [];
  const seen = new Set<string>();
  let next = chosen(children.get(root) ?? []);
  // `seen` ends a cycle, which the server refuses but a damaged local copy might hold.
  while (next && !seen.has(next.id)) {
    seen.add(next.id);
    path.push(next);
    next = chosen(children.get(next.id) ?? []);
  }
  return path;
}

/** Where a shown message stands among its versions (only for messages that have others). */
export interface VersionPlace {
  /** 1-based, oldest first. */
  index: number;
  count: number;
  previousId: string | null;
  nextId: string | null;
}

export function versionPlaces(records: readonly AiChatMessage[]): Map<string, VersionPlace> {
  const places = new Map<string, VersionPlace>();
  for (const versions of childrenOf(records).values()) {
    if (versions.length < 2) continue;
    versions.forEach((m, i) => {
      places.set(m.id, {
        index: i + 1,
        count: versions.length,
        previousId: versions[i - 1]?.id ?? null,
        nextId: versions[i + 1]?.id ?? null,
      });
    });
  }
  return places;
}

/**
 * Whether a message names a parent that is not among `records`, or its parents loop: such a
 * chat cannot be shown as the file meant it, and the server would refuse it.
 */
export function hasBrokenLinks(records: readonly AiChatMessage[]): boolean {
  const parents = new Map(records.map((m) => [m.id, m.parentId ?? null]));
  for (const message of records) {
    const seen = new Set<string>();
    for (let at: string | null = message.id; at !== null; at = parents.get(at) ?? null) {
      if (seen.has(at) || !parents.has(at)) return true;
      seen.add(at);
    }
  }
  return false;
}

/**
 * `records` with the message `id` and its parents chosen (at `at`) where the path shown does not
 * pass through them: a message opened from search is shown with the conversation it was in.
 */
export function choosingPathTo(
  records: readonly AiChatMessage[],
  id: string,
  at: number,
): AiChatMessage[] {
  const parents = parentsOf(records);
  const chain = new Set<string>();
  for (let x: string | null = id; x !== null && parents.has(x) && !chain.has(x);) {
    chain.add(x);
    x = parents.get(x) ?? null;
  }
  const shown = new Set(shownPath(records).map((m) => m.id));
  return records.map((m) => (chain.has(m.id) && !shown.has(m.id) ? { ...m, selectedAt: at } : m));
}
