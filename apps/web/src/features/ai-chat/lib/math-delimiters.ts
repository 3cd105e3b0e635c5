/**
 * Prepares a reply's math for remark-math, which knows only dollar delimiters and takes any two
 * single dollars for math. Models also write `\(…\)` and `\[…\]` (markdown would eat those
 * backslashes), and prices ("$5 and $10") are common. So, outside code:
 * - `\(x\)` becomes `$x$`, and `\[x\]` becomes `$$x$$` (a block of its own when it stands on its
 *   own lines);
 * - a single `$` opens math only with a non-space right after it, and the next unescaped `$`
 *   closes it only with a non-space before it and no digit after it (Pandoc's rule); any other
 *   `$` is escaped and stays a dollar sign;
 * - `$$…$$` is math as remark-math reads it.
 * Math never spans a blank line. Everything else, code spans and fenced code included, is kept
 * as written.
 */

const fenceLine = /^ {0,3}(`{3,}|~{3,})/;

/** Index of the end of the paragraph that holds `from` (a blank line), or the text's end. */
function paragraphEnd(text: string, from: number): number {
  const blank = /\n[ \t]*\n/g;
  blank.lastIndex = from;
  return blank.exec(text)?.index ?? text.length;
}

/** The next `$` at or after `from`, before `end`, that no backslash escapes. */
function nextDollar(text: string, from: number, end: number): number {
  for (let i = from; i < end; i += 1) {
    if (text[i] === '\\') i += 1;
    else if (text[i] === '$') return i;
  }
  return -1;
}

const isSpace = (c: string | undefined) => c === undefined || /\s/.test(c);

/** Rewrites the math delimiters of `line`-free inline text from `start` to `end`. */
function inline(text: string, start: number, end: number): string {
  let out = '';
  let i = start;
  while (i < end) {
    const c = text[i]!;
    if (c === '`') {
      // A code span: the same run of backticks closes it; without one the run is text.
      let run = 1;
      while (text[i + run] === '`') run += 1;
      const ticks = '`'.repeat(run);
      let close = text.indexOf(ticks, i + run);
      while (close >= 0 && close < end && text[close + run] === '`') {
        let after = close;
        while (text[after] === '`') after += 1;
        close = text.indexOf(ticks, after);
      }
      const stop = close >= 0 && close < end ? close + run : i + run;
      out += text.slice(i, stop);
      i = stop;
    } else if (c === '\\' && (text[i + 1] === '(' || text[i + 1] === '[')) {
      const closer = text[i + 1] === '(' ? '\\)' : '\\]';
      const close = text.indexOf(closer, i + 2);
      if (close < 0 || close >= end) {
        out += text.slice(i, i + 2);
        i += 2;
        continue;
      }
      const body = text.slice(i + 2, close);
      out += text[i + 1] === '(' ? `$${body.trim()}$` : `$$${body.trim()}$$`;
      i = close + 2;
    } else if (c === '\\') {
      out += text.slice(i, i + 2);
      i += 2;
    } else if (c === '$' && text[i + 1] === '$') {
      const close = text.indexOf('$$', i + 2);
      if (close < 0 || close >= end) {
        out += '\\$\\$';
        i += 2;
        continue;
      }
      out += text.slice(i, close + 2);
      i = close + 2;
    } else if (c === '$') {
      const close = isSpace(text[i + 1]) ? -1 : nextDollar(text, i + 1, end);
      const closes =
        close > i + 1 &&
        text[close + 1] !== '$' &&
        !isSpace(text[close - 1]) &&
        !/\d/.test(text[close + 1] ?? '');
      if (!closes) {
        out += '\\$';
        i += 1;
        continue;
      }
      out += text.slice(i, close + 1);
      i = close + 1;
    } else {
      out += c;
      i += 1;
    }
  }
  return out;
}

export function mathDelimiters(text: string): string {
  // Most replies have no math: they go through untouched.
  if (!text.includes('$') && !text.includes('\\(') && !text.includes('\\[')) return text;
  let out = '';
  let i = 0;
  while (i < text.length) {
    const lineEnd = text.indexOf('\n', i) < 0 ? text.length : text.indexOf('\n', i);
    const line = text.slice(i, lineEnd);
    const fence = fenceLine.exec(line)?.[1];
    if (fence) {
      // Fenced code is kept as written, up to its closing fence.
      let j = lineEnd;
      while (j < text.length) {
        const next = text.indexOf('\n', j + 1) < 0 ? text.length : text.indexOf('\n', j + 1);
        const closing = fenceLine.exec(text.slice(j + 1, next))?.[1];
        j = next;
        if (closing && closing[0] === fence[0] && closing.length >= fence.length) break;
      }
      out += text.slice(i, j);
      i = j;
      continue;
    }
    const trimmed = line.trim();
    if (trimmed === '$$' || trimmed.startsWith('\\[')) {
      // Display math on lines of its own: a `$$` block up to the closing line.
      const closer = trimmed === '$$' ? '$$' : '\\]';
      const from = i + line.indexOf(trimmed[0]!) + closer.length;
      const close = text.indexOf(closer, from);
      const lineAfter = close < 0 ? -1 : text.indexOf('\n', close);
      const rest = close < 0 ? '' : text.slice(close + 2, lineAfter < 0 ? text.length : lineAfter);
      if (close >= 0 && rest.trim() === '') {
        out += `$$\n${text.slice(from, close).trim()}\n$$`;
        i = close + 2 + rest.length;
        continue;
      }
    }
    // A paragraph (or what is left of it) of inline text.
    const end = paragraphEnd(text, i);
    const nextFence = (() => {
      for (let j = lineEnd; j < end;) {
        const next = text.indexOf('\n', j + 1) < 0 ? end : text.indexOf('\n', j + 1);
        if (fenceLine.test(text.slice(j + 1, next))) return j + 1;
        j = next;
      }
      return end;
    })();
    const stop = Math.min(end, nextFence);
    out += inline(text, i, stop);
    i = stop;
    // The blank line itself.
    if (i === end && i < text.length) {
      const after = text.indexOf('\n', i + 1);
      out += text.slice(i, after + 1);
      i = after + 1;
    }
  }
  return out;
}
