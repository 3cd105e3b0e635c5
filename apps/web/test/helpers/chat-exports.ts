import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** An export file of test/fixtures/chat-exports, as text. */
export const chatExportFixture = (name: string): string =>
  readFileSync(join(import.meta.dirname, '../fixtures/chat-exports', name), 'utf8');
