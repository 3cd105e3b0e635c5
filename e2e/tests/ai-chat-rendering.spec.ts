import type { Page } from '@playwright/test';
import { expect, openAiChat, test } from '../support/ai-chat';
import { markdownHeavyReply, seedChat, type SeedMessage } from '../support/ai-chat-seed';

/**
 * How replies look in Chromium: math typeset by KaTeX with its own fonts (bundled, loaded with
 * the markdown), code blocks with their language and a copy button, and long chats.
 */

async function openSeeded(page: Page, summary: string, messages: SeedMessage[]) {
  await openAiChat(page);
  await seedChat(page, { id: `seed-${summary.replace(/\W/g, '')}`, summary, messages });
  await page.reload();
  await page.getByRole('navigation', { name: 'AI chats' }).getByText(summary).click();
}

test('math shows typeset by KaTeX with its bundled fonts; prices stay text', async ({
  signedIn: page,
}) => {
  const fontHosts = new Set<string>();
  page.on('request', (request) => {
    if (/\.(woff2?|ttf)$/.test(new URL(request.url()).pathname))
      fontHosts.add(new URL(request.url()).host);
  });
  await openSeeded(page, 'Math', [
    {
      prompt: 'Explain',
      reply:
        'Energy is $E = mc^2$, also written \\(E=mc^2\\). It costs $5 and $10.\n\n' +
        '$$\n\\int_0^1 x^2\\,dx = \\frac{1}{3}\n$$\n\nBroken: $\\frac{1}{$ stays readable.',
    },
  ]);
  const reply = page.getByTestId('reply').last();
  await expect(reply.locator('.katex')).toHaveCount(3);
  await expect(reply.locator('.katex-display')).toHaveCount(1);
  await expect(reply.locator('.katex-display .mfrac')).toBeVisible();
  await expect(reply).toContainText('It costs $5 and $10.');
  await expect(reply.locator('.math-error')).toHaveText('\\frac{1}{');
  // KaTeX's fonts come from the app itself.
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...document.fonts].some((f) => f.family.includes('KaTeX') && f.status === 'loaded'),
      ),
    )
    .toBe(true);
  expect([...fontHosts]).toEqual([new URL(page.url()).host]);
});

test('the sign-in page loads nothing of KaTeX', async ({ page }) => {
  const loaded: string[] = [];
  page.on('request', (request) => loaded.push(request.url()));
  await page.goto('/public/login');
  await expect(page.getByRole('textbox').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  const sheets = await page.evaluate(() =>
    [...document.styleSheets].flatMap((s) => [...s.cssRules].map((r) => r.cssText)).join('\n'),
  );
  expect(sheets).not.toContain('KaTeX');
  expect(loaded.filter((url) => /katex/i.test(url))).toEqual([]);
});

test('a code block shows its language and copies its exact code; long lines scroll inside it at 375 px', async ({
  signedIn: page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const code = `const long = '${'x'.repeat(300)}';\nconsole.log(long);`;
  await openSeeded(page, 'Code', [
    {
      prompt: 'Code please',
      reply: `Here:\n\n\`\`\`ts\n${code}\n\`\`\`\n\n\`\`\`\nno language\n\`\`\``,
    },
  ]);
  await page.setViewportSize({ width: 375, height: 740 });
  const reply = page.getByTestId('reply').last();
  const [labelled, plain] = [reply.getByRole('figure').first(), reply.getByRole('figure').last()];
  await expect(labelled.locator('figcaption')).toContainText('ts');
  await expect(plain.locator('figcaption')).toHaveText('Copy code');

  // Long lines scroll inside the block, not the page.
  const pre = labelled.locator('pre');
  expect(await pre.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // From the keyboard: focus the button, press Enter.
  const copy = labelled.getByRole('button', { name: 'Copy code' });
  await copy.focus();
  await page.keyboard.press('Enter');
  await expect(labelled.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
  await expect(labelled.getByRole('button', { name: 'Copy code' })).toBeVisible();
});

test('a chat of 2,000 markdown-heavy messages opens at its end and scrolls to its start', async ({
  signedIn: page,
}) => {
  test.setTimeout(120_000);
  await openSeeded(
    page,
    'Long chat',
    Array.from({ length: 2000 }, (_, i) => ({
      prompt: `Long question ${i}`,
      reply: markdownHeavyReply(i),
    })),
  );
  const list = page.getByTestId('message-list');
  await expect(list.getByText('Long question 1999')).toBeVisible();
  // The replies in view get their formatting (math, code) without a click.
  await expect(list.locator('.katex').first()).toBeVisible();
  await expect(list.getByRole('button', { name: 'Copy code' }).first()).toBeVisible();
  // Scrolling up reaches the first message, the rest of the history read meanwhile.
  await expect(async () => {
    await list.evaluate((el) => el.scrollTo({ top: 0 }));
    await expect(list.getByText('Long question 0', { exact: true })).toBeVisible({ timeout: 1000 });
  }).toPass();
});

test('↑ in the empty composer brings the last prompt into view to edit it, from far up a long chat', async ({
  signedIn: page,
}) => {
  await openSeeded(
    page,
    'Scrolled chat',
    Array.from({ length: 60 }, (_, i) => ({
      prompt: `Scrolled question ${i}`,
      reply: markdownHeavyReply(i),
    })),
  );
  const list = page.getByTestId('message-list');
  await expect(list.getByText('Scrolled question 59')).toBeVisible();
  await expect(async () => {
    await list.evaluate((el) => el.scrollTo({ top: 0 }));
    await expect(list.getByText('Scrolled question 0', { exact: true })).toBeVisible({
      timeout: 1000,
    });
  }).toPass();

  await page.getByRole('textbox', { name: 'Message' }).press('ArrowUp');
  const editor = page.getByRole('textbox', { name: 'Edit your prompt' });
  await expect(editor).toBeInViewport();
  await expect(editor).toHaveValue('Scrolled question 59');
  await expect(editor).toBeFocused();
});
