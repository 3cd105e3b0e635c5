/**
 * A search snippet with its matches marked: plain text split at the highlight offsets, each
 * match in <mark>. The snippet is text, never HTML, whoever sent it.
 */
export function HighlightedSnippet({
  snippet,
  highlights,
}: {
  snippet: string;
  highlights: readonly (readonly [number, number])[];
}) {
  const parts: { text: string; marked: boolean }[] = [];
  let at = 0;
  for (const [start, end] of [...highlights].sort((a, b) => a[0] - b[0])) {
    // Offsets from the server are checked, not trusted: out of order or range, they are skipped.
    if (start < at || end <= start || end > snippet.length) continue;
    if (start > at) parts.push({ text: snippet.slice(at, start), marked: false });
    parts.push({ text: snippet.slice(start, end), marked: true });
    at = end;
  }
  if (at < snippet.length) parts.push({ text: snippet.slice(at), marked: false });
  return (
    <>
      {parts.map((part, i) =>
        part.marked ? (
          <mark key={i} className="rounded-sm bg-warning/30 px-0.5 text-fg">
            {part.text}
          </mark>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}
