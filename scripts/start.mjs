#!/usr/bin/env node
// `npm start`: builds what is missing or out of date, then serves the app on PORT (default 3000)
// with its data in DATA_DIR (default ./data, SQLite). No other service is needed.
import { spawn } from 'node:child_process';
import { buildApp, serverEntry, serverNodeFlags } from './lib/build-if-stale.mjs';

buildApp();

const server = spawn(process.execPath, [...serverNodeFlags, '--enable-source-maps', serverEntry], {
  cwd: process.cwd(),
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
