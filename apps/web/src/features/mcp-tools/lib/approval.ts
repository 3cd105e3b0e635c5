import type { McpApprovalPolicy } from '@confab/protocol/mcp';

/** The user's answer in the approval dialog. */
export type ApprovalDecision = 'allow' | 'allow-chat' | 'deny';

/**
 * Where a chat's approvals are kept: `server:{client}` and `tool:{client}.{tool}` entries. The
 * app keeps them with the chat's own data, so they last through a reload and follow the chat.
 */
export interface ApprovalStore {
  read(chatId: string): readonly string[];
  write(chatId: string, entries: readonly string[]): void;
}

/** Approvals kept for as long as the page (tests, and a chat screen without storage). */
export function memoryApprovalStore(): ApprovalStore {
  const chats = new Map<string, readonly string[]>();
  return {
    read: (chatId) => chats.get(chatId) ?? [],
    write: (chatId, entries) => void chats.set(chatId, [...entries]),
  };
}

/**
 * What the user allowed in each chat: "Allow for this chat" covers one tool for the rest of the
 * chat; a server whose policy is "ask once per chat" is asked once, then trusted in that chat.
 */
export class ApprovalMemory {
  constructor(private readonly store: ApprovalStore = memoryApprovalStore()) {}

  /** Whether a call must wait for the user's answer. */
  needsApproval(policy: McpApprovalPolicy, chatId: string, server: string, tool: string): boolean {
    if (policy === 'never ask') return false;
    const entries = this.store.read(chatId);
    if (entries.includes(`tool:${server}.${tool}`)) return false;
    if (policy === 'ask once per chat' && entries.includes(`server:${server}`)) return false;
    return true;
  }

  /** Remembers an answer; a denial is never remembered, so the next call asks again. */
  remember(
    decision: ApprovalDecision,
    policy: McpApprovalPolicy,
    chatId: string,
    server: string,
    tool: string,
  ): void {
    if (decision === 'deny') return;
    const entries = new Set(this.store.read(chatId));
    const before = entries.size;
    if (decision === 'allow-chat') entries.add(`tool:${server}.${tool}`);
    if (policy === 'ask once per chat') entries.add(`server:${server}`);
    if (entries.size !== before) this.store.write(chatId, [...entries]);
  }
}
