/**
 * (PostgreSQL) The distinct characters and pairs of characters of a search text: what a query
 * of 1 or 2 characters, which no trigram holds, is looked up by (docs/product.md#ai-history-search).
 * Computed here rather than in SQL: a SQL function over each text cost milliseconds per row.
 */
export function searchGrams(text: string): string[] {
  const chars = Array.from(text);
  const grams = new Set<string>();
  for (let i = 0; i < chars.length; i += 1) {
    grams.add(chars[i]!);
    if (i + 1 < chars.length) grams.add(chars[i]! + chars[i + 1]!);
  }
  return [...grams];
}
