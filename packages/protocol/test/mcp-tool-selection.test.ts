import { describe, expect, it } from 'vitest';
import { syncedChatSchema } from '../src/ai-history';
import { mcpServerKeySchema } from '../src/mcp';
import { isToolSelected, toolSearchName } from '../src/mcp-tool-selection';
import { parseModelToolName } from '../src/mcp-model-tools';

const chat = {
  id: 'c1',
  createdAt: 1,
  summary: 'Chat',
  model: '',
  systemMessage: '',
  maxCtxMessages: 4,
  temperature: 1,
  maxTokens: null,
  prompt: '',
  input: '',
  stream: true,
  context: '',
  updatedAt: 2,
};

describe('a chat’s tool selection', () => {
  it('syncs with the chat, and a chat without one stays valid', () => {
    const selection = ['first', 'second.echo'];
    expect(syncedChatSchema.parse({ ...chat, toolSelection: selection }).toolSelection).toEqual(
      selection,
    );
    expect(syncedChatSchema.parse(chat).toolSelection).toBeUndefined();
  });

  it('refuses a bad selection from sync with a readable message', () => {
    for (const bad of ['first', [1], [''], ['x'.repeat(201)], Array(501).fill('a')]) {
      const result = syncedChatSchema.safeParse({ ...chat, toolSelection: bad });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.path[0]).toBe('toolSelection');
    }
    const tooMany = syncedChatSchema.safeParse({ ...chat, toolSelection: Array(501).fill('a') });
    expect(tooMany.error?.issues[0]?.message).toBe('A chat may select at most 500 tools');
  });

  it('offers every tool without a selection, else a listed server’s or a listed tool', () => {
    expect(isToolSelected(undefined, 'first', 'echo')).toBe(true);
    expect(isToolSelected([], 'first', 'echo')).toBe(false);
    expect(isToolSelected(['first'], 'first', 'add')).toBe(true);
    expect(isToolSelected(['second.echo'], 'second', 'echo')).toBe(true);
    expect(isToolSelected(['second.echo'], 'second', 'add')).toBe(false);
    expect(isToolSelected(['second.echo'], 'first', 'echo')).toBe(false);
  });
});

describe('the search tool’s reserved key', () => {
  it('is refused as a server key, whatever its case, with the reason', () => {
    for (const key of ['confab', 'Confab', ' CONFAB ']) {
      const result = mcpServerKeySchema.safeParse(key);
      expect(result.error?.issues[0]?.message).toBe(
        'Server key "confab" is reserved for the app\'s own tools',
      );
    }
    expect(mcpServerKeySchema.parse('confab-tools')).toBe('confab-tools');
  });

  it('names the search tool under that key', () => {
    expect(parseModelToolName(toolSearchName)).toEqual({
      client: 'confab',
      toolName: 'search_tools',
    });
  });
});
