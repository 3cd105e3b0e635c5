import { readFile } from 'node:fs/promises';
import { parseMcpConfigFile, type McpServerDefinition } from '@confab/protocol/mcp-config-file';

export interface LoadedConfigFile {
  path: string;
  found: boolean;
  servers: McpServerDefinition[];
  /** Why entries (or the whole file) were left out, for administrators to read. */
  problems: string[];
}

/** Reads the operator's DATA_DIR/mcp.json; a missing file means no operator servers. */
export async function readMcpConfigFile(path: string): Promise<LoadedConfigFile> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      return { path, found: false, servers: [], problems: [] };
    }
    const reason = error instanceof Error ? error.message : String(error);
    return { path, found: true, servers: [], problems: [`The file could not be read: ${reason}`] };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { path, found: true, servers: [], problems: [`The file is not valid JSON: ${reason}`] };
  }
  return { path, found: true, ...parseMcpConfigFile(json) };
}
