import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import {
  configureProvider,
  expect,
  openAiChat,
  openProviderSettings,
  test,
} from '../support/ai-chat';
import { signUpViaApi } from '../support/accounts';

type Account = Awaited<ReturnType<typeof signUpViaApi>>;

const plaintextKey = 'sk-e2e-never-leaves-the-browser-7f3a';
const passphrase = 'correct horse battery staple';

/** Another device of the same account: a browser context of its own, signed in. */
async function secondDevice(browser: Browser, account: Account): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const login = await page.request.post('/api/_auth/login', {
    data: { username: account.username, password: account.password },
  });
  expect(login.status()).toBe(200);
  return page;
}

/** Every request body a context sends to the app, to show what leaves the browser. */
function recordBodies(context: BrowserContext): string[] {
  const bodies: string[] = [];
  context.on('request', (request) => {
    const body = request.postData();
    if (body) bodies.push(`${request.method()} ${request.url()} ${body}`);
  });
  return bodies;
}

/** The settings dialog opened until `ready` holds: the sync may still be under way. */
async function settingsShowing(page: Page, ready: (dialog: Locator) => Promise<void>) {
  let dialog = page.getByRole('dialog', { name: 'Provider settings' });
  await expect(async () => {
    if (await dialog.isVisible()) {
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }
    dialog = await openProviderSettings(page);
    await ready(dialog);
  }).toPass({ timeout: 20_000 });
  return dialog;
}

const keyField = (dialog: Locator) => dialog.getByLabel(/^API key( \(optional\))?$/);

// docs/product.md#settings-and-key-sync: settings follow the account; keys only sealed, by opt-in.
test.describe('provider settings on every device', () => {
  test('the model and base follow the account; the key only after opt-in and the passphrase, and never in plaintext', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const laptopBodies = recordBodies(page.context());
    const alice = await signUpViaApi(page.request, 'keys');
    await openAiChat(page);
    await configureProvider(page, {
      provider: 'OpenAI',
      base: 'https://llm.example.com/v1',
      key: plaintextKey,
      model: 'gpt-synced-model',
    });

    const phone = await secondDevice(browser, alice);
    const phoneBodies = recordBodies(phone.context());
    await openAiChat(phone);
    let phoneDialog = await settingsShowing(phone, async (dialog) => {
      await dialog.getByLabel('Provider').selectOption('OpenAI');
      await expect(dialog.getByLabel('Model', { exact: true })).toHaveValue('gpt-synced-model', {
        timeout: 1_000,
      });
    });
    await expect(phoneDialog.getByLabel('API base')).toHaveValue('https://llm.example.com/v1');
    await expect(keyField(phoneDialog)).toHaveValue('');
    await expect(
      phoneDialog.getByText('Enter your passphrase to use your synced API keys.'),
    ).toBeHidden();

    // The laptop opts in: the passphrase must be long enough and typed twice alike.
    const laptopDialog = await openProviderSettings(page);
    await laptopDialog.getByLabel('Sync API keys (end-to-end encrypted)').check();
    await expect(laptopDialog.getByText('never sees the passphrase')).toBeVisible();
    await expect(
      laptopDialog.getByText('A forgotten passphrase cannot be recovered'),
    ).toBeVisible();
    await laptopDialog.getByLabel('Passphrase', { exact: true }).fill('short');
    await laptopDialog.getByLabel('Confirm passphrase').fill('short');
    await laptopDialog.getByRole('button', { name: 'Turn on key sync' }).click();
    await expect(
      laptopDialog.getByText('The passphrase must have at least 8 characters.'),
    ).toBeVisible();
    await laptopDialog.getByLabel('Passphrase', { exact: true }).fill(passphrase);
    await laptopDialog.getByLabel('Confirm passphrase').fill(`${passphrase}!`);
    await laptopDialog.getByRole('button', { name: 'Turn on key sync' }).click();
    await expect(laptopDialog.getByText('The two passphrases differ.')).toBeVisible();
    await laptopDialog.getByLabel('Confirm passphrase').fill(passphrase);
    await laptopDialog.getByRole('button', { name: 'Turn on key sync' }).click();
    await expect(laptopDialog.getByText('API keys are synced, end-to-end encrypted.')).toBeVisible({
      timeout: 20_000,
    });

    // The phone hears of the sealed keys; its key stays empty until the passphrase is typed.
    await expect(
      phoneDialog.getByText('Enter your passphrase to use your synced API keys.'),
    ).toBeVisible();
    await expect(keyField(phoneDialog)).toHaveValue('');
    await phoneDialog.getByLabel('Passphrase', { exact: true }).fill('wrong horse battery');
    await phoneDialog.getByRole('button', { name: 'Unlock keys' }).click();
    await expect(
      phoneDialog.getByText(
        'Wrong passphrase: the synced keys could not be opened. Nothing was changed.',
      ),
    ).toBeVisible({ timeout: 20_000 });
    await expect(keyField(phoneDialog)).toHaveValue('');
    await phoneDialog.getByLabel('Passphrase', { exact: true }).fill(passphrase);
    await phoneDialog.getByRole('button', { name: 'Unlock keys' }).click();
    await expect(keyField(phoneDialog)).toHaveValue(plaintextKey, { timeout: 20_000 });
    await expect(phoneDialog.getByText('API keys are synced, end-to-end encrypted.')).toBeVisible();

    // A later change of the model on the laptop reaches the phone too.
    await page.keyboard.press('Escape');
    await configureProvider(page, {
      provider: 'OpenAI',
      base: 'https://llm.example.com/v1',
      model: 'gpt-changed-later',
    });
    phoneDialog = await settingsShowing(phone, async (dialog) => {
      await expect(dialog.getByLabel('Model', { exact: true })).toHaveValue('gpt-changed-later', {
        timeout: 1_000,
      });
    });
    await expect(keyField(phoneDialog)).toHaveValue(plaintextKey);

    // The key's plaintext never left either browser, and the server holds only ciphertext.
    const sent = [...laptopBodies, ...phoneBodies];
    expect(sent.some((body) => body.includes('/api/ai-history/provider-settings'))).toBe(true);
    for (const body of sent) expect(body).not.toContain(plaintextKey);
    const stored = await (await page.request.get('/api/ai-history/provider-settings')).text();
    expect(stored).toContain('"ciphertext"');
    expect(stored).not.toContain(plaintextKey);
    await phone.context().close();
  });
});

const views = [
  { name: 'phone', width: 375, height: 740 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

test('the key sync opt-in and unlock on a phone and a desktop, light and dark, in English and Chinese', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const alice = await signUpViaApi(page.request, 'keyshots');
  const phone = await secondDevice(browser, alice);
  await openAiChat(page);
  await configureProvider(page, {
    provider: 'OpenAI',
    base: 'https://llm.example.com/v1',
    key: plaintextKey,
    model: 'gpt-4o',
  });
  const shot = async (name: string, target: Locator | Page) => {
    const path = testInfo.outputPath(name);
    await target.screenshot({ path });
    await testInfo.attach(name, { path, contentType: 'image/png' });
  };
  const texts = {
    en: {
      settings: 'Provider settings',
      section: 'Sync API keys',
      optIn: 'Sync API keys (end-to-end encrypted)',
      unlock: 'Unlock keys',
      passphrase: 'Passphrase',
      wrong: 'Wrong passphrase',
    },
    'zh-CN': {
      settings: '模型服务设置',
      section: '同步 API 密钥',
      optIn: '同步 API 密钥（端到端加密）',
      unlock: '解锁密钥',
      passphrase: '口令',
      wrong: '口令错误',
    },
  } as const;
  const each = async (
    target: Page,
    take: (dialog: Locator, suffix: string, t: (typeof texts)['en' | 'zh-CN']) => Promise<void>,
  ) => {
    for (const language of ['en', 'zh-CN'] as const) {
      await target.evaluate((l) => localStorage.setItem('confab:language', l), language);
      const t = texts[language];
      for (const colorScheme of ['light', 'dark'] as const)
        for (const view of views) {
          await target.emulateMedia({ colorScheme });
          await target.setViewportSize({ width: view.width, height: view.height });
          await target.reload();
          await target.getByRole('button', { name: t.settings }).first().click();
          const dialog = target.getByRole('dialog', { name: t.settings });
          await take(dialog, `${view.name}-${colorScheme}-${language}.png`, t);
        }
    }
  };
  // The opt-in form, on the laptop before any key is synced.
  await each(page, async (dialog, suffix, t) => {
    await dialog.getByLabel(t.optIn).check();
    await dialog.getByLabel(t.passphrase, { exact: true }).fill('short');
    await shot(`opt-in-${suffix}`, dialog.getByRole('group', { name: t.section }));
    await shot(`opt-in-page-${suffix}`, page);
  });
  await page.evaluate(() => localStorage.setItem('confab:language', 'en'));
  await page.reload();
  const laptopDialog = await openProviderSettings(page);
  await laptopDialog.getByLabel('Sync API keys (end-to-end encrypted)').check();
  await laptopDialog.getByLabel('Passphrase', { exact: true }).fill(passphrase);
  await laptopDialog.getByLabel('Confirm passphrase').fill(passphrase);
  await laptopDialog.getByRole('button', { name: 'Turn on key sync' }).click();
  await expect(laptopDialog.getByText('API keys are synced, end-to-end encrypted.')).toBeVisible({
    timeout: 20_000,
  });

  // The unlock on the phone, after a wrong passphrase.
  await openAiChat(phone);
  await each(phone, async (dialog, suffix, t) => {
    await expect(dialog.getByRole('button', { name: t.unlock })).toBeVisible({ timeout: 20_000 });
    await dialog.getByLabel(t.passphrase, { exact: true }).fill('wrong horse battery');
    await dialog.getByRole('button', { name: t.unlock }).click();
    await expect(dialog.getByText(t.wrong)).toBeVisible({ timeout: 20_000 });
    await shot(`unlock-${suffix}`, dialog.getByRole('group', { name: t.section }));
    await shot(`unlock-page-${suffix}`, phone);
  });
  await phone.context().close();
});
