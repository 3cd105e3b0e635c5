import { Check, Copy } from 'lucide-react';
import {
  isValidElement,
  useEffect,
  useRef,
  useState,
  type ComponentProps,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';

/** How long the button says "Copied" after a copy. */
const copiedMs = 1500;

/** The fence's language (`ts` of ```ts), from the code element's `language-ts` class. */
function languageOf(children: ReactNode): string | null {
  if (!isValidElement<{ className?: unknown }>(children)) return null;
  const className = children.props.className;
  const classes = Array.isArray(className)
    ? (className as string[])
    : typeof className === 'string'
      ? className.split(' ')
      : [];
  const language = classes.find((c) => c.startsWith('language-'));
  return language ? language.slice('language-'.length) : null;
}

/**
 * A code block of a reply: its language as the fence names it (none for an unlabelled one) and
 * a button that copies the code exactly as written. Long lines scroll inside the block.
 */
export function CodeBlock({
  node: _node,
  children,
  ...props
}: ComponentProps<'pre'> & { node?: unknown }) {
  const { t } = useTranslation('mindBox');
  const pre = useRef<HTMLPreElement>(null);
  const [copied, setCopied] = useState(false);
  const language = languageOf(children);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), copiedMs);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = () => {
    // The code as the fence held it: markdown ends a code element with one line break.
    const code = (pre.current?.textContent ?? '').replace(/\n$/, '');
    void navigator.clipboard?.writeText(code).then(() => setCopied(true));
  };

  return (
    <figure className="code-block">
      <figcaption className="code-block-bar">
        {language ? <span className="code-block-language">{language}</span> : <span />}
        <button type="button" className="code-block-copy" onClick={copy}>
          {copied ? (
            <Check aria-hidden className="size-3.5" />
          ) : (
            <Copy aria-hidden className="size-3.5" />
          )}
          <span aria-live="polite">{copied ? t('code.copied') : t('code.copy')}</span>
        </button>
      </figcaption>
      <pre ref={pre} {...props}>
        {children}
      </pre>
    </figure>
  );
}
