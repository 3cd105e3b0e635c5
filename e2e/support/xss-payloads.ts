import { expect, type Locator, type Page } from '@playwright/test';

/**
 * A corpus of cross-site scripting payloads for the rendering tests. Every payload carries a
 * marker of its own and, if it ever ran, would call `window.__xss(marker)`: the page's trap
 * (see `watchForScripts`) records the call, so a test knows which payload got through.
 */
export interface Payload {
  /** Unique within a run, and part of the text. */
  marker: string;
  text: string;
}

const call = (marker: string) => `__xss('${marker}')`;
/** `<script>parent.__xss(marker)</script>` as a base64 data URL (a frame calls its parent). */
const dataPage = (marker: string) =>
  `data:text/html;base64,${Buffer.from(`<script>parent.${call(marker)}</script>`).toString('base64')}`;

const templates: Array<(marker: string) => string> = [
  // Script tags, plain, in SVG and broken up.
  (m) => `<script>${call(m)}</script>`,
  (m) => `<svg><script>${call(m)}</script></svg>`,
  (m) => `<scr<script>ipt>${call(m)}</scr</script>ipt>`,
  // Event handlers on elements that fire without a user.
  (m) => `<img src=x onerror="${call(m)}">`,
  (m) => `<svg onload="${call(m)}">`,
  (m) => `'"><svg/onload=${call(m)}>`,
  (m) => `"><img src=x onerror=${call(m)}>`,
  (m) => `<body onload=${call(m)}>`,
  (m) => `<input autofocus onfocus=${call(m)}>`,
  (m) => `<details open ontoggle=${call(m)}>`,
  (m) => `<video><source onerror=${call(m)}></video>`,
  (m) => `<div onmouseover="${call(m)}" style="position:fixed;inset:0">${m}</div>`,
  // Links and sources that run code.
  (m) => `<a href="javascript:${call(m)}">${m}</a>`,
  (m) => `<a href="${dataPage(m)}">${m}</a>`,
  (m) => `<iframe srcdoc="<script>parent.${call(m)}</script>"></iframe>`,
  (m) => `<iframe src="javascript:parent.${call(m)}"></iframe>`,
  (m) => `<object data="javascript:${call(m)}"></object>`,
  (m) => `<form><button formaction="javascript:${call(m)}">${m}</button></form>`,
  (m) => `<meta http-equiv="refresh" content="0;url=javascript:${call(m)}">`,
  // Markdown links and images.
  (m) => `[${m}](javascript:${call(m)})`,
  (m) => `![${m}](javascript:${call(m)})`,
  (m) => `[${m}](JaVaScRiPt:${call(m)})`,
  (m) => `[${m}](${dataPage(m)})`,
  (m) => `[${m}]: javascript:${call(m)}\n\n[${m}]`,
  (m) => `<javascript:${call(m)}>`,
  // HTML entities and escaped forms.
  (m) => `<a href="&#106;avascript:${call(m)}">${m}</a>`,
  (m) => `<a href="jav&#x09;ascript:${call(m)}">${m}</a>`,
  (m) => `&lt;img src=x onerror=${call(m)}&gt;`,
  (m) => `\\u003cimg src=x onerror=${call(m)}\\u003e`,
  (m) => `＜script＞${call(m)}＜/script＞`,
  (m) => `<math><mtext><table><mglyph><style><img src=x onerror=${call(m)}>`,
  // TeX that KaTeX would turn into links, classes, styles or images if it trusted the reply.
  (m) => `$\\href{javascript:${call(m)}}{${m}}$`,
  (m) => `$$\\url{javascript:${call(m)}}$$ ${m}`,
  (m) => `\\(\\htmlClass{fixed inset-0}{${m}}\\) \\(\\htmlData{onclick=${call(m)}}{x}\\)`,
  (m) => `\\[\\htmlStyle{background:url(javascript:${call(m)})}{${m}}\\]`,
  (m) => `$\\includegraphics{javascript:${call(m)}}$ ${m}`,
  // Template injection.
  (m) => `{{constructor.constructor("${call(m)}")()}}`,
  (m) => `\${${call(m)}}`,
  (m) => `{{${m}}}<%= ${call(m)} %>`,
];

/** The whole corpus, each marker starting with `prefix` (`xss-<prefix><n>-`). */
export function payloads(prefix: string): Payload[] {
  return templates.map((template, i) => {
    const marker = `xss${prefix}${String(i + 1).padStart(2, '0')}z`;
    return { marker, text: template(marker) };
  });
}

/** The payloads that fit `max` characters (nicknames are as short as usernames). */
export function shortPayloads(prefix: string, max: number): Payload[] {
  return templates
    .map((template, i) => {
      const marker = `${prefix}${i + 1}`;
      return { marker, text: template(marker) };
    })
    .filter((payload) => payload.text.length <= max);
}

/**
 * Everything that would show a payload ran or was blocked in `page`: the `__xss` trap (put on
 * every document the page loads, frames included), dialogs, page errors and console errors (a
 * Content Security Policy violation is logged as one). `findings()` lists them.
 */
export async function watchForScripts(page: Page): Promise<{ findings: () => string[] }> {
  const found: string[] = [];
  await page.exposeFunction('__xss', (marker: string) => found.push(`__xss called: ${marker}`));
  page.on('dialog', (dialog) => {
    found.push(`dialog (${dialog.type()}): ${dialog.message()}`);
    void dialog.dismiss().catch(() => {});
  });
  page.on('pageerror', (error) => found.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') found.push(`console error: ${message.text()}`);
  });
  return { findings: () => [...found] };
}

/**
 * Nothing live in `area`: no script, frame, object or embed elements, no `on*` attributes and no
 * URL attribute with a `javascript:`, `vbscript:` or `data:text/html` address. Returns what was
 * found, so a failure names it.
 */
export async function liveMarkup(area: Locator): Promise<string[]> {
  return area.evaluateAll((roots) => {
    const found: string[] = [];
    const urlAttributes = ['href', 'src', 'srcdoc', 'action', 'formaction', 'data', 'xlink:href'];
    for (const root of roots)
      for (const element of [root, ...root.querySelectorAll('*')]) {
        const tag = element.tagName.toLowerCase();
        if (['script', 'iframe', 'frame', 'object', 'embed', 'meta', 'base', 'form'].includes(tag))
          found.push(`<${tag}>`);
        for (const attribute of element.getAttributeNames()) {
          const value = element.getAttribute(attribute) ?? '';
          if (attribute.startsWith('on')) found.push(`<${tag} ${attribute}="${value}">`);
          // Browsers skip spaces and control characters in a URL's scheme.
          const address = [...value]
            .filter((c) => c.charCodeAt(0) > 0x20)
            .join('')
            .toLowerCase();
          if (
            (urlAttributes.includes(attribute) || attribute === 'srcdoc') &&
            (/^(javascript|vbscript):/.test(address) || address.startsWith('data:text/html'))
          )
            found.push(`<${tag} ${attribute}="${value}">`);
        }
      }
    return found;
  });
}

/** Asserts that `area` holds no live markup and the trap saw nothing. */
export async function expectInert(
  area: Locator,
  watch: { findings: () => string[] },
): Promise<void> {
  expect(await liveMarkup(area)).toEqual([]);
  expect(watch.findings()).toEqual([]);
}
