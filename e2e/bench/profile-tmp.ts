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
await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute', transferMode: 'ReportEvents' } as any);
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
await cdp.send('Profiler.start');
const input = page.getByRole('textbox', { name: 'Message' });
await input.fill('go'); await input.press('Enter');
await page.getByTestId('usage').last().waitFor({ timeout: 120000 });
const { profile } = await cdp.send('Profiler.stop') as any;
await cdp.send('Tracing.end');
await finished;
const byId = new Map<number, any>(profile.nodes.map((n: any) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const sampleTimes: number[] = [];
{ let t = profile.startTime; for (const d of profile.timeDeltas) { t += d; sampleTimes.push(t); } }
const tasks = events.filter((e) => e.name === 'RunTask' && e.ph === 'X' && e.dur > 50000);
const rendererTid = new Map<number, number>();
for (const t of tasks) rendererTid.set(t.tid, (rendererTid.get(t.tid) ?? 0) + 1);
console.log('long tasks by thread', [...rendererTid]);
for (const t of tasks.slice(0, 12)) {
  const inside = events.filter((e) => e.tid === t.tid && e.ph === 'X' && e !== t && e.ts >= t.ts && e.ts + (e.dur ?? 0) <= t.ts + t.dur);
  const top = inside.filter((e) => !inside.some((o) => o !== e && o.ts <= e.ts && o.ts + o.dur >= e.ts + e.dur && o.dur > e.dur));
  console.log('task', (t.dur / 1000).toFixed(0), top.filter((e) => e.dur > 2000).map((e) => `${e.name}${e.args?.data?.type ? '[' + e.args.data.type + ']' : ''}:${(e.dur / 1000).toFixed(0)}`).join(' '));
  const incl = new Map<string, number>();
  profile.samples.forEach((id: number, i: number) => {
    const ts = sampleTimes[i]!;
    if (ts < t.ts || ts > t.ts + t.dur) return;
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const n = byId.get(cur);
      const k = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`;
      if (seen.has(k)) continue; seen.add(k);
      incl.set(k, (incl.get(k) ?? 0) + 1);
    }
  });
  console.log('   ', [...incl].sort((a, b) => b[1] - a[1]).slice(0, 14).map(([k, v]) => `${k}=${(v / 10).toFixed(0)}`).join(' | '));
}
await browser.close(); await provider.close(); server.kill();
