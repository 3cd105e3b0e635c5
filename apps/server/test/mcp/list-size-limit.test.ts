import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { McpPromptsReply, McpResourcesReply } from '@confab/protocol/mcp-prompts';
import { databaseTargets } from '../helpers/database-targets';
import { mcpSettings, requestAs, writeMcpFile } from '../helpers/mcp';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { signUp } from '../helpers/users';

const bigLists = (pages: number, chars: number) => ({
  command: process.execPath,
  args: [
    join(import.meta.dirname, '../fixtures/big-lists-mcp-server.mjs'),
    String(pages),
    String(chars),
  ],
});

describe.each(databaseTargets)(
  'prompt and resource lists under the size limit, on $engine',
  (target) => {
    let t: TestApp;
    let user: ReturnType<typeof requestAs>;

    beforeAll(async () => {
      t = await startTestApp(
        target,
        // Each page of `big` is under the limit; its pages together are not.
        { mcp: mcpSettings({ resultMaxBytes: 4096 }) },
        {
          prepareDataDir: (dir) =>
            writeMcpFile(dir, { big: bigLists(3, 2000), small: bigLists(2, 100) }),
        },
      );
      user = requestAs(t.app, (await signUp(t.app)).cookie);
    });
    afterAll(() => t.close());

    it('refuses a prompt list larger than the limit with a readable reason, and lists the others', async () => {
      const response = await user.get('/api/mcp/prompts');
      expect(response.statusCode, response.body).toBe(200);
      const { prompts, failures } = response.json<McpPromptsReply>();
      expect(prompts.map((prompt) => `${prompt.server}/${prompt.name}`)).toEqual([
        'small/prompt_0',
        'small/prompt_1',
      ]);
      expect(failures).toEqual([
        {
          server: 'big',
          error: expect.stringMatching(
            /^The prompt list of MCP server "big" is [\d.]+ KiB, more than the 4\.0 KiB limit; it was not returned$/,
          ) as unknown,
        },
      ]);
      // Asked again, it is refused again (the server has not said its list changed).
      const again = (await user.get('/api/mcp/prompts')).json<McpPromptsReply>();
      expect(again.failures[0]?.error).toMatch(/more than the 4\.0 KiB limit/);
    });

    it('refuses a resource list larger than the limit with a readable reason', async () => {
      const big = await user.get('/api/mcp/resources?server=big');
      expect(big.statusCode).toBe(502);
      expect(big.json().message).toMatch(
        /^The resource list of MCP server "big" is [\d.]+ KiB, more than the 4\.0 KiB limit; it was not returned$/,
      );
      const small = await user.get('/api/mcp/resources?server=small');
      expect(small.statusCode, small.body).toBe(200);
      const { resources, templates } = small.json<McpResourcesReply>();
      expect(resources.map((resource) => resource.name)).toEqual(['resource_0', 'resource_1']);
      expect(templates.map((template) => template.name)).toEqual(['template_0', 'template_1']);
    });
  },
);
