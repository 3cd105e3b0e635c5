import { linkPreviewUrlMax } from '@confab/protocol/social-chat';

// An http(s) address up to the next space or character that never ends one in running text.
const candidate = /\bhttps?:\/\/[^\s<>"'`]+/gi;
// Punctuation that ends a sentence, not the address: "see https://a.example/x." → …/x
const trailing = /[.,;:!?'"»”’]+$/;

/**
 * The first http(s) address in a message's text (docs/product.md#link-previews), as a
 * reader would take it: sentence punctuation after it is not part of it, nor is a closing
 * bracket the address did not open. Null when there is none.
 */
export function firstLink(text: string): string | null {
  for (const match of text.matchAll(candidate)) {
    let link = match[0].replace(trailing, '');
    for (const [open, close] of [
      ['(', ')'],
      ['[', ']'],
    ] as const) {
      while (link.endsWith(close) && link.split(open).length < link.split(close).length) {
        link = link.slice(0, -1).replace(trailing, '');
      }
    }
    if (link.length > linkPreviewUrlMax) continue;
    try {
      const url = new URL(link);
      if ((url.protocol === 'http:' || url.protocol === 'https:') && url.hostname) return link;
    } catch {
      // Not an address after all ("http://" alone): look further.
    }
  }
  return null;
}
