/**
 * Characters that draw nothing but change what a text looks like: bidirectional overrides,
 * embeddings and isolates turn `invoice\u202Egnp.txt` into what reads as "invoicetxt.png", and
 * zero-width characters make two different names look the same. Where the app shows a name
 * someone else chose (a file, a nickname), each of them is shown as a visible `<U+202E>`
 * instead, so what is seen is what is there.
 */
const invisibleRanges: ReadonlyArray<readonly [number, number]> = [
  [0x00ad, 0x00ad], // soft hyphen
  [0x034f, 0x034f], // combining grapheme joiner
  [0x061c, 0x061c], // Arabic letter mark
  [0x115f, 0x1160], // Hangul fillers
  [0x17b4, 0x17b5], // Khmer inherent vowels
  [0x180b, 0x180f], // Mongolian variation selectors and vowel separator
  [0x200b, 0x200f], // zero-width space, non-joiner, joiner; left-to-right and right-to-left marks
  [0x2028, 0x2029], // line and paragraph separators
  [0x202a, 0x202e], // bidirectional embeddings and overrides
  [0x2060, 0x206f], // word joiner, invisible operators, bidirectional isolates, deprecated formats
  [0x3164, 0x3164], // Hangul filler
  [0xfeff, 0xfeff], // zero-width no-break space (byte order mark)
  [0xffa0, 0xffa0], // half-width Hangul filler
  [0xfff9, 0xfffb], // interlinear annotation
  [0x1d173, 0x1d17a], // musical formatting
  [0xe0000, 0xe007f], // tags
];

const zeroWidthJoiner = 0x200d;
const blackFlag = 0x1f3f4;
const pictographic = /^\p{Extended_Pictographic}$/u;
/** What may follow an emoji inside a sequence: the emoji presentation selector, skin tones. */
const emojiModifier = (cp: number) => cp === 0xfe0f || (cp >= 0x1f3fb && cp <= 0x1f3ff);
const isTag = (cp: number) => cp >= 0xe0020 && cp <= 0xe007f;

export function isInvisibleCharacter(cp: number): boolean {
  return invisibleRanges.some(([from, to]) => cp >= from && cp <= to);
}

/**
 * Emoji are built with two of these, and are shown as drawn: a joiner between two pictographs
 * (👩‍💻, families), and tags after a black flag (the flags of England, Scotland, Wales).
 */
function partOfEmoji(points: readonly number[], at: number): boolean {
  const cp = points[at]!;
  let before = at - 1;
  if (cp === zeroWidthJoiner) {
    while (before >= 0 && emojiModifier(points[before]!)) before -= 1;
    const next = points[at + 1];
    return (
      before >= 0 &&
      next !== undefined &&
      pictographic.test(String.fromCodePoint(points[before]!)) &&
      pictographic.test(String.fromCodePoint(next))
    );
  }
  if (isTag(cp)) {
    while (before >= 0 && isTag(points[before]!)) before -= 1;
    return before >= 0 && points[before] === blackFlag;
  }
  return false;
}

/** `<U+202E>`: how an invisible character is shown. */
export function characterLabel(cp: number): string {
  return `<U+${cp.toString(16).toUpperCase().padStart(4, '0')}>`;
}

export interface TextPart {
  text: string;
  /** The part stands for one invisible character (its text is the label). */
  invisible: boolean;
}

/** `text` cut into the parts shown as they are and the labels of invisible characters. */
export function visibleParts(text: string): TextPart[] {
  const points = Array.from(text, (char) => char.codePointAt(0)!);
  const parts: TextPart[] = [];
  let plain = '';
  points.forEach((cp, at) => {
    if (!isInvisibleCharacter(cp) || partOfEmoji(points, at)) {
      plain += String.fromCodePoint(cp);
      return;
    }
    if (plain) parts.push({ text: plain, invisible: false });
    plain = '';
    parts.push({ text: characterLabel(cp), invisible: true });
  });
  if (plain) parts.push({ text: plain, invisible: false });
  return parts;
}

/** `text` with every invisible character shown as its label: for labels, titles, file names. */
export function visibleText(text: string): string {
  return visibleParts(text)
    .map((part) => part.text)
    .join('');
}
