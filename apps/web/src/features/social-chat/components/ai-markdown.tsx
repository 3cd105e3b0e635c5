import { Suspense, useContext } from 'react';
import { AiMarkdownSlot } from '@/lib/ai-bridge/ai-bridge';

/**
 * Model output in a chat: through the AI chat's sanitised markdown (no raw HTML, no remote
 * images, safe links; docs/product.md#ai-in-chat), as plain text until it loads or where the
 * app provides none.
 */
export function AiMarkdown({ text, streaming = false }: { text: string; streaming?: boolean }) {
  const Markdown = useContext(AiMarkdownSlot);
  const plain = <p className="whitespace-pre-wrap">{text}</p>;
  if (!Markdown) return plain;
  return (
    <Suspense fallback={plain}>
      <Markdown text={text} streaming={streaming} />
    </Suspense>
  );
}
