import { buildMetaSchema, type BuildMeta } from '@confab/protocol/builds';

export const latestBuildPath = '/builds/latest.json';

/** The newest deployed build, or null when it cannot be read right now. */
export async function fetchLatestBuild(): Promise<BuildMeta | null> {
  try {
    const response = await fetch(latestBuildPath, { cache: 'no-store', credentials: 'omit' });
    if (!response.ok) return null;
    const meta = buildMetaSchema.safeParse(await response.json());
    return meta.success ? meta.data : null;
  } catch {
    // Offline or a server mid-deploy: try again at the next check.
    return null;
  }
}
