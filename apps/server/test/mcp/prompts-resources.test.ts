import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  McpGetPromptReply,
  McpPromptsReply,
  McpReadResourceReply,
  McpResourcesReply,
} from '@confab/protocol/mcp-prompts';
import { databaseTargets } from '../helpers/database-targets';
import { everythingStdio, mcpSettings, modernStdio, requestAs, writeMcpFile } from '../helpers/mcp';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { signUp, signUpAdmin } from '../helpers/users';

describe.each(databaseTargets)('prompts and resources of real MCP servers on $engine', (target) => {
  let t: TestApp;
  let user: ReturnType<typeof requestAs>;
  let admin: ReturnType<typeof requestAs>;

  beforeAll(async () => {
    t = await startTestApp(
      target,
      // Small enough that the reference server's longer documents are refused.
      { mcp: mcpSettings({ resultMaxBytes: 4096 }) },
      {
        prepareDataDir: (dir) =>
          writeMcpFile(dir, {
            everything: everythingStdio({ name: 'Everything' }),
            modern: modernStdio({ name: 'Modern' }),
            off: { ...everythingStdio(), disabled: true },
          }),
      },
    );
    user = requestAs(t.app, (await signUp(t.app)).cookie);
    admin = requestAs(t.app, (await signUpAdmin(t.app)).cookie);
  });
  afterAll(() => t.close());

  it('lists the prompts of every active server with their arguments, required ones marked', async () => {
    const response = await user.get('/api/mcp/prompts');
    expect(response.statusCode).toBe(200);
    const { prompts, failures } = response.json<McpPromptsReply>();
    expect(failures).toEqual([]);
    expect(new Set(prompts.map((prompt) => prompt.server))).toEqual(
      new Set(['everything', 'modern']),
    );
    expect(prompts).toContainEqual({
      server: 'everything',
      serverName: 'Everything',
      name: 'args-prompt',
      title: 'Arguments Prompt',
      description: 'A prompt with two arguments, one required and one optional',
      arguments: [
        { name: 'city', description: 'Name of the city', required: true },
        { name: 'state', required: false },
      ],
    });
    expect(prompts).toContainEqual(
      expect.objectContaining({
        server: 'modern',
        name: 'summarize',
        arguments: [expect.objectContaining({ name: 'topic', required: true })],
      }),
    );
  });

  it('gets a prompt with its arguments, from servers of both protocol eras', async () => {
    const old = await user.post('/api/mcp/getPrompt', {
      client: 'everything',
      name: 'args-prompt',
      args: { city: 'Lyon', state: 'Rhône' },
    });
    expect(old.statusCode).toBe(200);
    expect(old.json<McpGetPromptReply>().messages).toEqual([
      { role: 'user', content: { type: 'text', text: "What's weather in Lyon, Rhône?" } },
    ]);

    const modern = await user.post('/api/mcp/getPrompt', {
      client: 'modern',
      name: 'summarize',
      args: { topic: 'tides' },
    });
    expect(modern.statusCode).toBe(200);
    expect(modern.json<McpGetPromptReply>().messages).toEqual([
      { role: 'user', content: { type: 'text', text: 'Summarise tides in three sentences.' } },
    ]);
  });

  it('keeps the embedded resource of a multi-message prompt', async () => {
    const response = await user.post('/api/mcp/getPrompt', {
      client: 'everything',
      name: 'resource-prompt',
      args: { resourceType: 'Text', resourceId: '2' },
    });
    expect(response.statusCode).toBe(200);
    const { messages } = response.json<McpGetPromptReply>();
    expect(messages).toHaveLength(2);
    expect(messages[1]).toEqual({
      role: 'user',
      content: expect.objectContaining({
        type: 'resource',
        resource: expect.objectContaining({ uri: 'demo://resource/dynamic/text/2' }),
      }),
    });
  });

  it('refuses a prompt without its required argument, or with one it does not take, before asking the server', async () => {
    const missing = await user.post('/api/mcp/getPrompt', {
      client: 'everything',
      name: 'args-prompt',
      args: { state: 'Ohio' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      message: 'args.city: is required',
      fields: { 'args.city': 'is required' },
    });

    const unknown = await user.post('/api/mcp/getPrompt', {
      client: 'everything',
      name: 'args-prompt',
      args: { city: 'Lyon', planet: 'Mars' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('args.planet: is not an argument of "args-prompt"');

    const notText = await user.post('/api/mcp/getPrompt', {
      client: 'everything',
      name: 'args-prompt',
      args: { city: 42 },
    });
    expect(notText.statusCode).toBe(400);
  });

  it('names the unknown prompt, the unknown server and the inactive one', async () => {
    const prompt = await user.post('/api/mcp/getPrompt', { client: 'everything', name: 'nope' });
    expect(prompt.statusCode).toBe(404);
    expect(prompt.json().message).toBe('MCP server "everything" has no prompt "nope"');

    const server = await user.post('/api/mcp/getPrompt', { client: 'ghost', name: 'x' });
    expect(server.statusCode).toBe(404);
    expect(server.json().message).toBe('No MCP server "ghost"');

    const off = await user.get('/api/mcp/resources?server=off');
    expect(off.statusCode).toBe(409);
    expect(off.json().message).toBe('MCP server "off" is not active');
  });

  it('lists the resources and resource templates of one server', async () => {
    const response = await user.get('/api/mcp/resources?server=everything');
    expect(response.statusCode).toBe(200);
    const { resources, templates } = response.json<McpResourcesReply>();
    expect(resources.length).toBeGreaterThan(0);
    expect(resources.every((resource) => resource.uri && resource.name)).toBe(true);
    expect(templates.map((template) => template.uriTemplate)).toContain(
      'demo://resource/dynamic/text/{resourceId}',
    );

    const modern = await user.get('/api/mcp/resources?server=modern');
    expect(modern.json<McpResourcesReply>().resources).toEqual([
      expect.objectContaining({ uri: 'notes://today', name: 'today', mimeType: 'text/plain' }),
    ]);
  });

  it('reads a text resource and a binary one through the server', async () => {
    const text = await user.post('/api/mcp/readResource', {
      client: 'modern',
      uri: 'notes://today',
    });
    expect(text.statusCode).toBe(200);
    expect(text.json<McpReadResourceReply>()).toEqual({
      contents: [{ uri: 'notes://today', mimeType: 'text/plain', text: 'Buy milk.' }],
    });

    const blob = await user.post('/api/mcp/readResource', {
      client: 'everything',
      uri: 'demo://resource/dynamic/blob/1',
    });
    expect(blob.statusCode).toBe(200);
    const [contents] = blob.json<McpReadResourceReply>().contents;
    expect(contents).toMatchObject({ uri: 'demo://resource/dynamic/blob/1' });
    expect(contents && 'blob' in contents && contents.blob.length).toBeGreaterThan(0);
  });

  it('refuses a resource larger than the result limit whole, naming its size', async () => {
    const { resources } = (
      await user.get('/api/mcp/resources?server=everything')
    ).json<McpResourcesReply>();
    const document = resources.find((resource) => resource.uri.endsWith('features.md'));
    expect(document).toBeDefined();
    const response = await user.post('/api/mcp/readResource', {
      client: 'everything',
      uri: document!.uri,
    });
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toMatch(
      /^The resource "demo:\/\/resource\/static\/document\/features\.md" of MCP server "everything" is [\d.]+ KiB, more than the 4\.0 KiB limit; it was not returned$/,
    );
  });

  it('says which resource a server does not have, never a 500', async () => {
    const response = await admin.post('/api/mcp/readResource', {
      client: 'modern',
      uri: 'notes://tomorrow',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('MCP server "modern" has no resource "notes://tomorrow"');
  });

  it('refuses bodies that do not fit the contract with a readable message', async () => {
    const noUri = await user.post('/api/mcp/readResource', { client: 'modern' });
    expect(noUri.statusCode).toBe(400);
    expect(noUri.json().message).toContain('Resource URI is required');
    const extra = await user.post('/api/mcp/getPrompt', {
      client: 'modern',
      name: 'summarize',
      other: 1,
    });
    expect(extra.statusCode).toBe(400);
  });
});
