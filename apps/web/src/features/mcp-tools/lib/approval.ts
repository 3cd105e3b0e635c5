import type { McpApprovalPolicy } from '@confab/protocol/mcp';

/** The user's answer in the approval dialog. */
export type ApprovalDecision = 'allow' | 'allow-chat' | 'deny';

/**
 * What the user allowed in each chat: "Allow for this chat" covers one tool for the rest of the
 * chat; a server whose policy is "ask once per chat" is asked once, then trusted in that chat.
 * Kept in memory: a reload asks again, which errs on the safe side.
 */
export class ApprovalMemory {
  private readonly chats = new Map<string, Set<string>>();

  private entries(chatId: string): Set<string> {
    let entries = this.chats.get(chatId);
    if (!entries) {
      entries = new Set();
      this.chats.set(chatId, entries);
    }
    return entries;
  }

  /** Whether a call must wait for the user's answer. */
  needsApproval(policy: McpApprovalPolicy, chatId: string, server: string, tool: string): boolean {
    if (policy === 'never ask') return false;
    const entries = this.chats.get(chatId);
    if (entries?.has(`tool:${server}.${tool}`)) return false;
    if (policy === 'ask once per chat' && entries?.has(`server:${server}`)) return false;
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
    const entries = this.entries(chatId);
    if (decision === 'allow-chat') entries.add(`tool:${server}.${tool}`);
    if (policy === 'ask once per chat') entries.add(`server:${server}`);
  }

  forgetChat(chatId: string): void {
    this.chats.delete(chatId);
  }
}
