/**
 * The text of a PDF, read in the browser with pdf.js (docs/product.md#prompt-attachments). This
 * module and pdf.js load only when a PDF is attached; pdf.js parses in its own worker, a file of
 * the app's origin (the CSP's script-src 'self' covers it).
 */
import { getDocument, GlobalWorkerOptions } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

GlobalWorkerOptions.workerSrc = workerUrl;

interface TextItemLike {
  str?: string;
  hasEOL?: boolean;
}

/** A page's text from pdf.js's items: the strings in order, a line break where a line ends. */
export function pageText(items: readonly TextItemLike[]): string {
  return items
    .map((item) => (item.str ?? '') + (item.hasEOL ? '\n' : ''))
    .join('')
    .trim();
}

/** The text of every page, pages apart by a blank line; '' for a PDF of scanned pages only. */
export async function pdfText(data: ArrayBuffer): Promise<string> {
  // No eval: the page's CSP refuses it, and pdf.js then works without.
  const document = await getDocument({ data: new Uint8Array(data), isEvalSupported: false })
    .promise;
  try {
    const pages: string[] = [];
    for (let n = 1; n <= document.numPages; n++) {
      const page = await document.getPage(n);
      const content = await page.getTextContent();
      pages.push(pageText(content.items as TextItemLike[]));
      page.cleanup();
    }
    return pages.filter(Boolean).join('\n\n');
  } finally {
    void document.destroy();
  }
}
