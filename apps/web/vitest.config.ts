import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  define: { __BUILD_ID__: JSON.stringify('test-build') },
  test: {
    environment: 'jsdom',
    setupFiles: ['./test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    // Whole pages rendered in jsdom take seconds on a loaded two-core CI machine (the slowest
    // took 2 s alone and near twice that in a full run); a test that hangs still fails.
    testTimeout: 15_000,
    // Vitest's default is one fork fewer than the cores: one alone on a two-core machine, which
    // ran the files one after another. jsdom work is all CPU: a fork a core.
    maxWorkers: availableParallelism(),
    restoreMocks: true,
    unstubGlobals: true,
  },
});
