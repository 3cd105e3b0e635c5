/**
 * What the sanitiser keeps of a formatted reply: GitHub's rules (rehype-sanitize's default),
 * plus exactly what KaTeX's output needs: its MathML elements, the classes its stylesheet
 * styles, inline sizes and colours without any address (so no style can load a remote image),
 * and the SVG it draws roots, arrows and braces with. KaTeX itself runs untrusted (no \href,
 * \url, \htmlClass, \htmlStyle, \includegraphics), so this is a second line, not the first.
 */
import { defaultSchema } from 'rehype-sanitize';

type Schema = typeof defaultSchema;

/** Every class katex.css styles (KaTeX's other classes change nothing and are dropped). */
const katexClasses = (
  'accent accent-body accent-full amsrm angl anglpad arraycolsep base boldsymbol boxpad ' +
  'brace-center brace-left brace-right cancel-lap cancel-pad cd-arrow-pad cd-label-left ' +
  'cd-label-right cd-vert-arrow clap col-align-c col-align-l col-align-r delim-size1 ' +
  'delim-size4 delimcenter delimsizing eqn-num fbox fcolorbox fontsize-ensurer frac-line ' +
  'halfarrow-left halfarrow-right hbox hdashline hide-tail hline inner katex katex-display ' +
  'katex-html katex-mathml large-op leqno llap mainrm mathbb mathbf mathboldfrak mathboldsf ' +
  'mathcal mathfrak mathit mathitsf mathnormal mathrm mathscr mathsf mathsfit mathtt mfrac ' +
  'mml-eqn-num mover mspace msupsub mtable mtr-glue mult munder newline nulldelimiter ' +
  'op-limits op-symbol overlay overline overline-line pstrut reset-size1 reset-size10 ' +
  'reset-size11 reset-size2 reset-size3 reset-size4 reset-size5 reset-size6 reset-size7 ' +
  'reset-size8 reset-size9 rlap root rule size1 size10 size11 size2 size3 size4 size5 size6 ' +
  'size7 size8 size9 sizing small-op smash sout sqrt stretchy strut svg-align tag textbb ' +
  'textbf textboldfrak textboldsf textfrak textit textitsf textrm textscr textsf texttt ' +
  'thinbox underline underline-line vbox vertical-separator vlist vlist-r vlist-s vlist-t ' +
  'vlist-t2 x-arrow x-arrow-pad math-error'
).split(' ');

/** Lengths, colours and positions: no address, no escape, no function but calc(). */
const katexStyle = /^(?:[-#.%\w\s:;,+*/)]|calc\()*$/;

const mathml = [
  'math',
  'semantics',
  'annotation',
  'mrow',
  'mi',
  'mn',
  'mo',
  'ms',
  'mtext',
  'mspace',
  'msup',
  'msub',
  'msubsup',
  'munder',
  'mover',
  'munderover',
  'mfrac',
  'msqrt',
  'mroot',
  'mstyle',
  'mpadded',
  'mphantom',
  'menclose',
  'mtable',
  'mtr',
  'mtd',
  'mlabeledtr',
  'mmultiscripts',
  'mprescripts',
  'none',
];
const mathmlAttributes = [
  'xmlns',
  'encoding',
  'display',
  'displaystyle',
  'scriptlevel',
  'mathvariant',
  'mathcolor',
  'mathbackground',
  'mathsize',
  'stretchy',
  'fence',
  'separator',
  'lspace',
  'rspace',
  'minsize',
  'maxsize',
  'symmetric',
  'largeop',
  'movablelimits',
  'accent',
  'accentunder',
  'columnalign',
  'columnspacing',
  'rowspacing',
  'columnlines',
  'rowlines',
  'rowalign',
  'frame',
  'framespacing',
  'notation',
  'voffset',
  'depth',
  'height',
  'width',
  'linethickness',
  'columnspan',
  'rowspan',
  'equalrows',
  'equalcolumns',
  'side',
  'form',
  'lquote',
  'rquote',
];

export const markdownSchema: Schema = {
  ...defaultSchema,
  // KaTeX's annotation is the TeX source: text, kept.
  tagNames: [...(defaultSchema.tagNames ?? []), ...mathml, 'svg', 'path', 'line'],
  attributes: {
    ...defaultSchema.attributes,
    span: [['className', ...katexClasses], 'ariaHidden', ['style', katexStyle], 'title'],
    // Math is a code element until KaTeX typesets it; a failed one keeps that class.
    code: [['className', /^language-./, 'math-inline', 'math-display']],
    svg: ['xmlns', 'width', 'height', 'viewBox', 'preserveAspectRatio', ['style', katexStyle]],
    path: ['d'],
    line: ['x1', 'x2', 'y1', 'y2', 'strokeWidth'],
    ...Object.fromEntries(mathml.map((tag) => [tag, mathmlAttributes])),
  },
};
