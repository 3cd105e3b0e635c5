import { memo, useMemo } from 'react';
import { linkParts } from '../lib/link-parts';

/**
 * A message's text as text (React escapes it: never markup), with its http(s) and mailto
 * addresses as links that open in a new tab and give the page opened no hold on this one.
 * Long words and addresses wrap anywhere rather than overflow the bubble.
 */
export const MessageText = memo(function MessageText({ text }: { text: string }) {
  const parts = useMemo(() => linkParts(text), [text]);
  return (
    <span
      data-testid="message-content"
      className="whitespace-pre-wrap [overflow-wrap:anywhere] break-words"
    >
      {parts.map((part, index) =>
        part.type === 'link' ? (
          <a
            key={index}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer"
            className="underline underline-offset-2"
          >
            {part.text}
          </a>
        ) : (
          part.text
        ),
      )}
    </span>
  );
});
