import type { ConfigOverrides, TestApp } from './test-app';
import { startTestApp } from './test-app';

/**
 * Several app instances in this process that form one site: one SQLite file and one Redis key
 * prefix. Quicker than separate processes (test/cluster/ has those) for Redis-backed behaviour.
 */
export async function startSharedNodes(
  count: number,
  redis: { url: string; prefix: string; urlOfNode?: (index: number) => string },
  overrides: ConfigOverrides = {},
): Promise<{ nodes: TestApp[]; close(): Promise<void> }> {
  const configOf = (index: number): ConfigOverrides => ({
    ...overrides,
    redisUrl: redis.urlOfNode?.(index) ?? redis.url,
    redisKeyPrefix: redis.prefix,
  });
  const first = await startTestApp(undefined, configOf(0));
  const nodes = [first];
  for (let i = 1; i < count; i += 1) {
    nodes.push(await startTestApp(undefined, { ...configOf(i), dataDir: first.config.dataDir }));
  }
  return {
    nodes,
    // The first node owns the data folder: it closes last.
    async close() {
      for (const node of nodes.slice().reverse()) await node.close();
    },
  };
}
