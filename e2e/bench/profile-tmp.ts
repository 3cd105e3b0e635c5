import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { newAccount } from '../support/accounts';
import { chromiumArgs } from '../support/chromium';
import { freePort } from '../support/free-port';
import { startProviderServer } from '../support/provider-server/server';
const root = new URL('../..', import.meta.url).pathname;
const port = await freePort();
const server = spawn(process.execPath, ['apps/server/dist/main.js'], { cwd: root, env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: mkdtempSync(join(tmpdir(), 'p-')), LOG_LEVEL: 'warn' }, stdio: 'ignore' });
const provider = await startProviderServer();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs });
const origin = `http://127.0.0.1:${port}`;
for (let i = 0; i < 100; i++) { if (await fetch(origin + '/api/health').then(r => r.ok, () => false)) break; await new Promise(r => setTimeout(r, 50)); }
const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
await page.request.post(`${origin}/api/_auth/register`, { data: newAccount('p') });
await page.goto(`${origin}/agents/mindBox`);
await page.getByRole('button', { name: 'Provider settings' }).first().click();
const dialog = page.getByRole('dialog', { name: 'Provider settings' });
await dialog.getByLabel('Provider').selectOption('OpenAI');
await dialog.getByLabel('API base').fill(provider.base(`synthetic,tokens:20000`, '/v1'));
await dialog.getByLabel(/^API key/).fill('sk');
await dialog.getByLabel('Model', { exact: true }).fill('gpt-4o');
await dialog.getByRole('button', { name: 'Save settings' }).click();
await page.keyboard.press('Escape');
const cdp = await page.context().newCDPSession(page);
const events: any[] = [];
cdp.on('Tracing.dataCollected', (e: any) => events.push(...e.value));
const finished = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
await cdp.send('Tracing.start', { categories: 'devtools.timeline,v8,disabled-by-default-devtools.timeline', transferMode: 'ReportEvents' } as any);
const input = page.getByRole('textbox', { name: 'Message' });
await input.fill('go'); await input.press('Enter');
await page.getByTestId('usage').last().waitFor({ timeout: 120000 });
await cdp.send('Tracing.end');
await finished;
const main = events.filter((e) => e.name === 'RunTask' && e.dur > 50000);
console.log('long RunTasks', main.length);
// Sum durations by event name, only for complete events nested in long tasks (by thread + time).
const sums = new Map<string, number>();
for (const t of main) {
  for (const e of events) {
    if (e.tid !== t.tid || e.ph !== 'X' || e.ts < t.ts || e.ts + (e.dur ?? 0) > t.ts + t.dur || e === t) continue;
    sums.set(e.name, (sums.get(e.name) ?? 0) + (e.dur ?? 0));
  }
}
for (const [k, v] of [...sums].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log((v / 1000).toFixed(0).padStart(7), k);
// JS functions on top of the long tasks (from the sampling profile events).
for (const t of main.slice(0, 6)) {
  const kids = events.filter((e) => e.tid === t.tid && e.ph === 'X' && e.ts >= t.ts && e.ts < t.ts + t.dur && e !== t && (e.dur ?? 0) > 5000);
  console.log('task', (t.dur / 1000).toFixed(0), kids.map((e) => `${e.name}:${((e.dur ?? 0) / 1000).toFixed(0)}${e.args?.data?.functionName ? '(' + e.args.data.functionName + ' ' + (e.args.data.url || '').split('/').pop() + ':' + e.args.data.lineNumber + ')' : ''}`).join(' '));
}
await browser.close(); await provider.close(); server.kill();
