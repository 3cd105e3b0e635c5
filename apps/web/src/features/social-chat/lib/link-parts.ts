import { linkTarget } from '@/lib/safe-url';

export type TextPart =
  { type: 'text'; text: string } | { type: 'link'; text: string; href: string };

/**
 * An address as people write one in a message: http(s):// or mailto:, up to the next space or
 * angle bracket or quote. Nothing else is looked for, so no other scheme (javascript:, data:)
 * can ever become a link.
 */
const candidate = /\b(?:https?:\/\/|mailto:)[^\s<>"'`]+/gi;
/** Punctuation that ends the sentence around an address rather than the address itself. */
const trailing = /[.,;:!?'"”’)\]}>]+$/;

/** Drops trailing punctuation, but keeps a closing bracket the address itself opened. */
function trim(address: string): string {
  let end = address.length;
  for (;;) {
    const match = trailing.exec(address.slice(0, end));
    if (!match) break;
    const last = address[end - 1]!;
    const open = { ')': '(', ']': '[', '}': '{' }[last];
    if (open) {
      const body = address.slice(0, end);
      const opens = body.split(open).length - 1;
      const closes = body.split(last).length - 1;
      if (opens >= closes) break;
    }
    end -= 1;
  }
  return address.slice(0, end);
}

/**
 * A message's text cut into plain text and links. A link's `href` is the address as written,
 * checked by `linkTarget` (http, https or mailto only); anything it refuses stays text.
 */
export function linkParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let plain = '';
  let last = 0;
  for (const match of text.matchAll(candidate)) {
    const address = trim(match[0]);
    const href = linkTarget(address);
    // A bare scheme ("https:") or one that does not parse is no link.
    if (!href || !/^(?:https?:\/\/[^/?#]+|mailto:.+)/i.test(address)) continue;
    plain += text.slice(last, match.index);
    if (plain) parts.push({ type: 'text', text: plain });
    plain = '';
    parts.push({ type: 'link', text: address, href });
    last = match.index + address.length;
  }
  plain += text.slice(last);
  if (plain || parts.length === 0) parts.push({ type: 'text', text: plain });
  return parts;
}
