import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumArgs } from './support/chromium';
import { freePort } from './support/free-port';

// The config is evaluated by the runner and again by each worker; environment variables set
// here on the first pass are inherited by the workers, so every process agrees on one server.
process.env.E2E_PORT ??= String(await freePort());
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'confab-e2e-'));
// The local web site link previews are fetched from (support/preview-site.ts): the one
// address the server's guard is told to allow.
process.env.E2E_PREVIEW_PORT ??= String(await freePort());
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

export default defineConfig({
  testDir: './tests',
  // Two browsers share two cores with the server: a plain flow takes 20-30 s when both workers
  // start cold, so a test gets twice that before it counts as stuck. In CI the whole suite has
  // taken three times as long as on an idle machine (44.6 against 14.8 min): a test that takes
  // every look (eight reloads and screenshots) ran past 60 s there without being stuck.
  timeout: process.env.CI ? 120_000 : 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  // CI shares two cores with PostgreSQL, Redis and other jobs: one retry absorbs a starved run, and
  // the list reporter still names every test that needed it as flaky.
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  globalTeardown: './support/global-teardown.ts',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // The app's service worker answers page loads and the build's files; a test that routes
    // requests (page.route) must see them, so workers run only where a test allows them
    // (tests/installable-app.spec.ts).
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: chromiumArgs,
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: 'node --enable-source-maps ../apps/server/dist/main.js',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 30_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: process.env.E2E_PORT,
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      LOG_LEVEL: 'warn',
      // Every test signs up and in from one address; the limits themselves are tested by the server suite.
      RATE_LIMIT_LOGIN_PER_MINUTE: '10000',
      RATE_LIMIT_REGISTER_PER_HOUR: '10000',
      RATE_LIMIT_LOGIN_FAILURES: '10000',
      RATE_LIMIT_LOGIN_SLOWDOWN_AFTER: '10000',
      LINK_PREVIEW_ALLOWED_ADDRESSES: `127.0.0.1:${process.env.E2E_PREVIEW_PORT}`,
      // The test MCP servers run on loopback, which users' own servers may reach only when allowed.
      MCP_PERSONAL_ALLOW_PRIVATE_URLS: '1',
      // OAuth sign-in to MCP servers needs the address people reach Confab at.
      PUBLIC_URL: baseURL,
    },
  },
});
