import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  McpCallReply,
  McpConfigReply,
  McpOfferReply,
  McpServer,
  McpToolsReply,
} from '@confab/protocol/mcp';
import { mcpUnavailableToUsers } from '@confab/protocol/mcp';
import type { McpPromptsReply } from '@confab/protocol/mcp-prompts';
import { databaseTargets } from '../helpers/database-targets';
import { everythingStdio, mcpSettings, rawStdio, requestAs, writeMcpFile } from '../helpers/mcp';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { signUp, signUpAdmin } from '../helpers/users';

describe.each(databaseTargets)(
  'servers that answer garbage or 1,000 tools, on $engine',
  (target) => {
    let t: TestApp;
    let user: ReturnType<typeof requestAs>;
    let admin: ReturnType<typeof requestAs>;

    beforeAll(async () => {
      t = await startTestApp(
        target,
        // Retries far apart: the state read is the error, not the next attempt's "connecting".
        {
          mcp: mcpSettings({
            // Long enough for the reference server to start on a busy machine; the garbage
            // servers use all of it.
            connectTimeoutMs: 10_000,
            restartDelayMs: { min: 60_000, max: 60_000 },
          }),
        },
        {
          prepareDataDir: (dir) =>
            writeMcpFile(dir, {
              good: everythingStdio({ name: 'Good' }),
              many: { ...rawStdio('many-tools', '1000', '100'), name: 'Many' },
              endless: rawStdio('endless-pages'),
              not_json: rawStdio('not-json'),
              wrong_rpc: rawStdio('wrong-jsonrpc'),
              bad_tools: rawStdio('invalid-tools'),
              bad_output: rawStdio('bad-output'),
            }),
        },
      );
      user = requestAs(t.app, (await signUp(t.app)).cookie);
      admin = requestAs(t.app, (await signUpAdmin(t.app)).cookie);
      await admin.get('/api/mcp/init');
    });
    afterAll(() => t.close());

    const servers = async (who: ReturnType<typeof requestAs>) => {
      const reply = (await who.get('/api/mcp/getConfig')).json<McpConfigReply>();
      return new Map(reply.servers.map((server) => [server.key, server]));
    };

    it('shows each garbage server as an error with a readable reason, to administrators', async () => {
      const seen = await servers(admin);
      const errorOf = (key: string) => {
        const server = seen.get(key) as McpServer;
        expect(server.status, key).toBe('error');
        return server.error ?? '';
      };
      expect(errorOf('not_json')).toBe(
        'The server did not complete the MCP handshake within 10000 ms',
      );
      expect(errorOf('wrong_rpc')).toBe(
        'The server did not complete the MCP handshake within 10000 ms',
      );
      expect(errorOf('bad_tools')).toBe(
        "The server's answer to tools/list is not valid MCP (tools: Invalid input: expected array, received string)",
      );
      expect(errorOf('endless')).toBe(
        'The server listed more than 50 pages of tools without reaching the end; the list was refused',
      );
      // Other users see that it is unavailable, not why.
      const forUser = (await servers(user)).get('not_json');
      expect(forUser).toMatchObject({ status: 'error', error: mcpUnavailableToUsers });
    });

    it('keeps the other servers working beside them', async () => {
      const seen = await servers(admin);
      expect(seen.get('good')).toMatchObject({ status: 'connected', error: null });
      const echo = await user.post('/api/mcp/call', {
        client: 'good',
        name: 'echo',
        args: { message: 'still here' },
      });
      expect(echo.statusCode).toBe(200);
      expect(echo.json<McpCallReply>().content).toEqual([
        { type: 'text', text: 'Echo: still here' },
      ]);
      const prompts = (await user.get('/api/mcp/prompts')).json<McpPromptsReply>();
      expect(prompts.prompts.some((prompt) => prompt.server === 'good')).toBe(true);
      // Servers without prompts list none, without a failure.
      expect(prompts.failures).toEqual([]);
    });

    it('refuses the garbage servers readably when used: 502 naming the server, never a 500', async () => {
      const tools = await user.get('/api/mcp/tools?server=not_json');
      expect(tools.statusCode).toBe(502);
      expect(tools.json().message).toBe('MCP server "not_json" is unavailable');
      const call = await admin.post('/api/mcp/call', { client: 'bad_tools', name: 'x' });
      expect(call.statusCode).toBe(502);
      expect(call.json().message).toMatch(/^MCP server "bad_tools" is unavailable: /);
    });

    it('loads a server of 1,000 tools listed in 10 pages, and offers them all', async () => {
      expect((await servers(admin)).get('many')).toMatchObject({
        status: 'connected',
        toolCount: 1000,
      });
      const listed = (await user.get('/api/mcp/tools?server=many')).json<McpToolsReply>().tools;
      expect(listed).toHaveLength(1000);
      expect(new Set(listed.map((tool) => tool.name)).size).toBe(1000);
      expect(listed.at(-1)?.name).toBe('tool_0999');
      const offer = (await user.get('/api/mcp/offer')).json<McpOfferReply>();
      expect(offer.tools.filter((tool) => tool.server === 'many')).toHaveLength(1000);
      const run = await user.post('/api/mcp/call', { client: 'many', name: 'tool_0777' });
      expect(run.json<McpCallReply>().content).toEqual([{ type: 'text', text: 'ran tool_0777' }]);
    });

    it("gives the chat a clear error naming the tool when its structured result breaks the tool's output schema", async () => {
      const response = await user.post('/api/mcp/call', {
        client: 'bad_output',
        name: 'count_items',
      });
      expect(response.statusCode).toBe(502);
      const { message } = response.json<{ message: string }>();
      expect(message).toMatch(/^MCP server "bad_output" refused the call to "count_items": /);
      expect(message).toMatch(/structured content does not match the tool's output schema/i);
      expect(message).toContain('count');
    });

    it('refuses a tool result that breaks the protocol with a 502 saying where, and keeps serving', async () => {
      const response = await user.post('/api/mcp/call', {
        client: 'bad_output',
        name: 'list_items',
      });
      expect(response.statusCode).toBe(502);
      const { message } = response.json<{ message: string }>();
      expect(message).toMatch(
        /^MCP server "bad_output" refused the call to "list_items": Invalid result for tools\/call: /,
      );
      expect(message).toContain('"content"');
      // The same check holds for every call, not only the first.
      const again = await user.post('/api/mcp/call', { client: 'bad_output', name: 'list_items' });
      expect(again.json<{ message: string }>().message).toBe(message);
      const fine = await user.post('/api/mcp/call', {
        client: 'good',
        name: 'echo',
        args: { message: 'ok' },
      });
      expect(fine.statusCode).toBe(200);
    });
  },
);
