import { z } from 'zod';
import { envelope } from './envelope';

/**
 * Search of an account's AI messages (docs/product.md#ai-history-search): the messages whose
 * prompt or reply holds the query, case-insensitively, newest first. The server answers from
 * its index; a device without it (offline, device-only) scans its own copy with the same
 * matching and snippets (`searchSnippet`), so both show the same thing.
 */

export const aiHistorySearchQueryMax = 200;
export const aiHistorySearchLimitDefault = 20;
export const aiHistorySearchLimitMax = 50;
/** About how many characters of text a snippet shows around the first match. */
export const aiHistorySnippetLength = 160;

export const aiHistorySearchQuerySchema = z
  .object({
    q: z
      .string()
      .trim()
      .min(1, 'Type something to search for')
      .max(aiHistorySearchQueryMax, `Search for at most ${aiHistorySearchQueryMax} characters`),
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(aiHistorySearchLimitMax)
      .default(aiHistorySearchLimitDefault),
  })
  .strict();

export const aiHistorySearchFields = ['prompt', 'reply'] as const;
export type AiHistorySearchField = (typeof aiHistorySearchFields)[number];

/** [start, end) offsets (UTF-16 code units, as JavaScript strings count) into the snippet. */
const highlightSchema = z.tuple([z.number().int().min(0), z.number().int().min(0)]);

export const aiHistorySearchResultSchema = z.object({
  chatId: z.string(),
  messageId: z.string(),
  /** The chat's title as the server holds it ('' when the chat has not arrived yet). */
  chatTitle: z.string(),
  createdAt: z.number(),
  /** The first field holding the query: the prompt, else the reply. */
  field: z.enum(aiHistorySearchFields),
  /** Plain text, never HTML: the client marks the highlights itself. */
  snippet: z.string(),
  highlights: z.array(highlightSchema),
});
export type AiHistorySearchResult = z.infer<typeof aiHistorySearchResultSchema>;

export const aiHistorySearchReplySchema = envelope(
  z.object({ results: z.array(aiHistorySearchResultSchema) }),
);

/**
 * Case folding for search, one code point at a time (so the folded text maps back onto the
 * original, and a query folds the same way wherever it stands in a text).
 */
export function foldForSearch(text: string): string {
  let folded = '';
  for (const char of text) folded += char.toLowerCase();
  return folded;
}

/** What the server indexes of a message: its prompt and reply, folded. */
export function searchTextOf(message: { prompt: string; reply: string }): string {
  return foldForSearch(`${message.prompt}\n${message.reply}`);
}

/** Every [start, end) range of `text` whose folded form is `foldedQuery`, not overlapping. */
export function matchRanges(text: string, foldedQuery: string): [number, number][] {
  if (foldedQuery === '') return [];
  // origin[i]: where in `text` the code point that gave folded unit i starts.
  const origin: number[] = [];
  let folded = '';
  let at = 0;
  for (const char of text) {
    const lower = char.toLowerCase();
    for (let k = 0; k < lower.length; k += 1) origin.push(at);
    folded += lower;
    at += char.length;
  }
  origin.push(text.length);
  const ranges: [number, number][] = [];
  let from = 0;
  for (;;) {
    const found = folded.indexOf(foldedQuery, from);
    if (found < 0) return ranges;
    const last = found + foldedQuery.length - 1;
    const start = origin[found]!;
    // The end is after the whole code point that gave the last matched unit.
    const lastStart = origin[last]!;
    const end = lastStart + (text.codePointAt(lastStart)! > 0xffff ? 2 : 1);
    ranges.push([start, end]);
    from = found + foldedQuery.length;
  }
}

export interface SearchSnippet {
  field: AiHistorySearchField;
  snippet: string;
  highlights: [number, number][];
}

/**
 * The snippet of a message for a query: about `aiHistorySnippetLength` characters of the first
 * field holding the query around its first match (… where cut; line breaks as spaces), and
 * the ranges of the snippet to highlight. Null when neither field holds the query.
 */
export function searchSnippet(
  message: { prompt: string; reply: string },
  query: string,
): SearchSnippet | null {
  const foldedQuery = foldForSearch(query.trim());
  for (const field of aiHistorySearchFields) {
    const text = message[field];
    const [first] = matchRanges(text, foldedQuery);
    if (!first) continue;
    const room = Math.max(0, aiHistorySnippetLength - (first[1] - first[0]));
    let start = Math.max(0, first[0] - Math.floor(room / 3));
    const end = Math.min(text.length, start + Math.max(aiHistorySnippetLength, first[1] - start));
    start = Math.max(0, Math.min(start, end - aiHistorySnippetLength));
    // Never cut a surrogate pair in two.
    if (start > 0 && isLowSurrogate(text.charCodeAt(start))) start -= 1;
    const cutEnd = end < text.length && isLowSurrogate(text.charCodeAt(end)) ? end + 1 : end;
    const body = text.slice(start, cutEnd).replace(/\s/g, ' ');
    const snippet = `${start > 0 ? '…' : ''}${body}${cutEnd < text.length ? '…' : ''}`;
    return { field, snippet, highlights: matchRanges(snippet, foldedQuery) };
  }
  return null;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
