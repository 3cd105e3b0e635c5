import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../../src/app';
import { loadConfig, type AppConfig } from '../../src/config';
import { createScratchPostgres, type DatabaseTarget } from './database-targets';

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  close(): Promise<void>;
}

export type ConfigOverrides = Partial<Omit<AppConfig, 'rateLimits'>> & {
  rateLimits?: Partial<AppConfig['rateLimits']>;
};

/**
 * A real app on a real database: a fresh SQLite file in a temporary folder, or a fresh
 * PostgreSQL database. Rate limits are high unless a test sets them, so suites can sign in often.
 */
export async function startTestApp(
  target: DatabaseTarget = { engine: 'sqlite' },
  overrides: ConfigOverrides = {},
  options: {
    prepareDataDir?: (dataDir: string) => void;
    /** A folder to start in again (a restart); the caller removes it. A new one by default. */
    dataDir?: string;
  } & Pick<BuildAppOptions, 'onRoute' | 'logStream'> = {},
): Promise<TestApp> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'confab-test-'));
  options.prepareDataDir?.(dataDir);
  const postgres =
    target.engine === 'postgres' ? await createScratchPostgres(target.serverUrl) : undefined;
  // OAuth sign-in needs a trusted public address: the origin injected requests come from.
  const base = loadConfig({ PUBLIC_URL: 'http://localhost' });
  const config: AppConfig = {
    ...base,
    dataDir,
    databaseUrl: postgres?.url,
    webDistDir: null,
    logLevel: 'silent',
    // Uploads do not depend on the free space of the machine running the tests (a 507 would
    // fail every suite that uploads); the floor has its own test.
    uploadMinFreeBytes: 0,
    ...overrides,
    rateLimits: {
      loginPerIpPerMinute: 10_000,
      loginFailuresPerAccount: 10_000,
      accountLockMinutes: 15,
      loginSlowdownAfterFailures: 10_000,
      loginDelayMs: 1_000,
      loginMaxDelayMs: 30_000,
      registerPerIpPerHour: 10_000,
      addContactPerUserPerMinute: 10_000,
      passwordChangePerUserPerHour: 10_000,
      toolCallsPerUserPerMinute: 10_000,
      messagesPerUserPerMinute: 10_000,
      uploadsPerUserPerMinute: 10_000,
      uploadsPerAddressPerMinute: 10_000,
      aiHistoryPushesPerUserPerMinute: 10_000,
      aiHistoryLargePushesPerUserPerMinute: 10_000,
      linkPreviewsPerUserPerMinute: 10_000,
      profileChangesPerUserPerMinute: 10_000,
      aiConsentChangesPerUserPerMinute: 10_000,
      ...overrides.rateLimits,
    },
  };
  const app = await buildApp(config, {
    // Silent unless a test reads the logs, which are then the production logger's.
    logger: options.logStream ? undefined : false,
    logStream: options.logStream,
    onRoute: options.onRoute,
  });
  await app.ready();
  return {
    app,
    config,
    async close() {
      await app.close();
      await postgres?.drop();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
