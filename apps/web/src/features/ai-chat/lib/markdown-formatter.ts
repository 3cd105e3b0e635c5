/**
 * The markdown worker as the page sees it: blocks are sent to be formatted, their trees are
 * kept by text (a finished block never changes), and listeners hear when more arrived. Where no
 * worker can run (tests under jsdom, an old browser, a worker that failed), `markdownFormatter`
 * is null and blocks are formatted on the main thread, a few per frame.
 */
import type { Root } from 'hast';
import { loadMarkdownParser } from './markdown-processor';

const keepTrees = 5000;

export interface MarkdownFormatter {
  tree(text: string): Root | undefined;
  /** Sends the texts not formatted or on their way yet. */
  request(texts: readonly string[]): void;
  subscribe(listener: () => void): () => void;
}

function createFormatter(): MarkdownFormatter | null {
  if (typeof Worker === 'undefined') return null;
  let worker: Worker;
  try {
    worker = new Worker(new URL('./markdown.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return null;
  }
  const trees = new Map<string, Root>();
  const pending = new Set<string>();
  const listeners = new Set<() => void>();
  // A worker that could not start (its script failed to load) leaves the work to this thread.
  let failed = false;
  const receive = (texts: readonly string[], formatted: readonly Root[]) => {
    texts.forEach((text, i) => {
      pending.delete(text);
      trees.set(text, formatted[i]!);
    });
    // Oldest first out: what is on screen was formatted last.
    for (const text of trees.keys()) {
      if (trees.size <= keepTrees) break;
      trees.delete(text);
    }
    for (const listener of listeners) listener();
  };
  const formatHere = (texts: readonly string[]) =>
    void loadMarkdownParser().then((parse) => receive(texts, texts.map(parse)));
  worker.onmessage = (event: MessageEvent<{ texts: string[]; trees: Root[] }>) =>
    receive(event.data.texts, event.data.trees);
  worker.onerror = () => {
    failed = true;
    formatHere([...pending]);
  };
  return {
    tree: (text) => trees.get(text),
    request(texts) {
      const fresh = texts.filter((text) => !trees.has(text) && !pending.has(text));
      if (!fresh.length) return;
      if (failed) return formatHere(fresh);
      for (const text of fresh) pending.add(text);
      worker.postMessage({ texts: fresh });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

let formatter: MarkdownFormatter | null | undefined;

/** The page's one markdown worker, started on first use; null where none can run. */
export function markdownFormatter(): MarkdownFormatter | null {
  if (formatter === undefined) formatter = createFormatter();
  return formatter;
}
