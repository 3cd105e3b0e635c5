import type { BuildMeta } from '@confab/protocol/builds';

/**
 * Reads `builds/latest.json` without the schema library, which the first page does not load.
 * Follows `buildMetaSchema` of @confab/protocol/builds; a test holds the two to the same answers.
 */
export function readBuildMeta(value: unknown): BuildMeta | null {
  if (typeof value !== 'object' || value === null) return null;
  const { id, timestamp } = value as Record<string, unknown>;
  if (typeof id !== 'string' || id.length === 0) return null;
  if (typeof timestamp !== 'number' || !Number.isSafeInteger(timestamp)) return null;
  return { id, timestamp };
}
