/**
 * Formats markdown blocks off the main thread: texts in, sanitised trees out. Replies go back
 * every few milliseconds of work, so the page formats a long burst as it goes rather than at
 * its end. Messages: {texts: string[]} in; {texts: string[], trees: Root[]} out.
 */
import type { Root } from 'hast';
import { markdownTree } from './markdown-tree';

const replyEveryMs = 8;

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<{ texts: string[] }>) => void) | null;
  postMessage(message: { texts: string[]; trees: Root[] }): void;
};

scope.onmessage = (event) => {
  let texts: string[] = [];
  let trees: Root[] = [];
  let started = performance.now();
  for (const text of event.data.texts) {
    texts.push(text);
    trees.push(markdownTree(text));
    if (performance.now() - started > replyEveryMs) {
      scope.postMessage({ texts, trees });
      texts = [];
      trees = [];
      started = performance.now();
    }
  }
  if (texts.length) scope.postMessage({ texts, trees });
};
