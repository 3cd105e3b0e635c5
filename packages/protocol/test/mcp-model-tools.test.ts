import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { mcpServerKeyPattern } from '../src/mcp';
import {
  cutToCharacters,
  isToolSwitchedOn,
  modelToolName,
  parseModelToolName,
  toModelTool,
  toolStateKey,
} from '../src/mcp-model-tools';

const everythingEcho = {
  server: 'everything',
  name: 'echo',
  description: 'Echoes back the input string',
  inputSchema: {
    type: 'object',
    properties: { message: { type: 'string', description: 'Message to echo' } },
    required: ['message'],
  },
};

describe('tools given to models', () => {
  it('names a tool {client}--{toolName} and keeps its input schema as parameters', () => {
    expect(toModelTool(everythingEcho)).toEqual({
      type: 'function',
      function: {
        name: 'everything--echo',
        description: 'Echoes back the input string',
        parameters: everythingEcho.inputSchema,
      },
    });
  });

  it('cuts the description to 1000 characters, an emoji counting as one', () => {
    const long = '😀'.repeat(999) + 'abc';
    const { description } = toModelTool({ ...everythingEcho, description: long }).function;
    expect(Array.from(description)).toHaveLength(1000);
    expect(description.endsWith('😀a')).toBe(true);
    expect(
      toModelTool({ ...everythingEcho, description: 'x'.repeat(1000) }).function.description,
    ).toHaveLength(1000);
    expect(cutToCharacters('short', 1000)).toBe('short');
  });

  it('gives an empty object schema when the tool has none, and adds missing properties', () => {
    const none = toModelTool({ ...everythingEcho, inputSchema: undefined as never });
    expect(none.function.parameters).toEqual({ type: 'object', properties: {} });
    const bare = toModelTool({ ...everythingEcho, inputSchema: { type: 'object' } });
    expect(bare.function.parameters).toEqual({ type: 'object', properties: {} });
    const withSchema = toModelTool({
      ...everythingEcho,
      inputSchema: { $schema: 'http://json-schema.org/draft-07/schema#', properties: { a: {} } },
    });
    expect(withSchema.function.parameters).toEqual({
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: { a: {} },
    });
  });

  it('parses a function name back into server and tool', () => {
    expect(parseModelToolName('everything--echo')).toEqual({
      client: 'everything',
      toolName: 'echo',
    });
    expect(parseModelToolName('my-server--get--thing')).toEqual({
      client: 'my-server',
      toolName: 'get--thing',
    });
    for (const bad of ['echo', '--echo', 'everything--', '', 'a-b']) {
      expect(parseModelToolName(bad)).toBeNull();
    }
  });

  it('round-trips every valid server key with every tool name', () => {
    const key = fc.stringMatching(mcpServerKeyPattern).filter((k) => k.length <= 32);
    fc.assert(
      fc.property(key, fc.string({ minLength: 1 }), (client, toolName) => {
        expect(parseModelToolName(modelToolName(client, toolName))).toEqual({ client, toolName });
      }),
    );
  });

  it('reads tool switches from toolStates keyed {server}.{tool}, on by default', () => {
    expect(toolStateKey('everything', 'echo')).toBe('everything.echo');
    expect(isToolSwitchedOn(undefined, 'everything', 'echo')).toBe(true);
    expect(isToolSwitchedOn({ 'everything.echo': true }, 'everything', 'echo')).toBe(true);
    expect(isToolSwitchedOn({ 'everything.echo': false }, 'everything', 'echo')).toBe(false);
    expect(isToolSwitchedOn({ 'everything.echo': false }, 'everything', 'get-sum')).toBe(true);
  });
});
