/**
 * The AI chat entities (docs/product.md#browser-storage), kept in IndexedDB. Zod-free: they
 * never cross the network.
 */
import type { McpCallReply } from './mcp';
import type { ProviderName } from './providers';
import type { PromptAttachment } from './prompt-attachments';

/** An AI chat with its own settings. */
export interface AiChat {
  id: string;
  /** Epoch milliseconds. */
  createdAt: number;
  /** The chat's title in the list: the first prompt until the user renames it. */
  summary: string;
  /** Model used instead of the provider's model when not blank. */
  model: string;
  /** The provider this chat uses; absent: the active provider (docs/product.md#model-picker). */
  provider?: ProviderName;
  systemMessage: string;
  /** How many earlier messages (prompt and reply) go with a new prompt; >= 0. */
  maxCtxMessages: number;
  temperature: number;
  /** Output limit sent to the model; null sends none (the provider's default). */
  maxTokens: number | null;
  /** Draft kept with the chat. */
  prompt: string;
  input: string;
  stream: boolean;
  context: string;
  /** The chat offers the model no tools, even with MCP servers active. Absent: tools offered. */
  noTools?: boolean;
  /**
   * The servers (`{server}`) and tools (`{server}.{tool}`) this chat offers
   * (docs/product.md#tool-selection); absent: every tool that is switched on.
   */
  toolSelection?: string[];
  /** Nucleus sampling, 0 to 1; absent: 1 (the provider's default, not sent). */
  topP?: number;
  /** -2 to 2; absent: 0 (not sent). */
  presencePenalty?: number;
  /** Epoch milliseconds of the last change, for the list's order. */
  updatedAt: number;
  /**
   * The tool approvals given in this chat (`server:{client}` for a server asked once per chat,
   * `tool:{client}.{tool}` for "allow for this chat"); none when absent.
   */
  toolApprovals?: string[];
}

/** A tool call as the model asked for it: `{client}--{toolName}` and its arguments. */
export interface ToolCallRequest {
  /** The model's id of this call; the tool message answers it. */
  id: string;
  name: string;
  /** The model's arguments: a JSON text (OpenAI style) or an object (Ollama style). */
  args: unknown;
}

/**
 * What became of a tool call: what the model was told and what its card shows. The tool
 * runtime returns it, the chat engine sends `output` back to the model (as the tool's error
 * unless `outcome` is `result`), and the chat stores it with the request.
 */
export interface ToolCallOutcome {
  outcome: 'result' | 'error' | 'denied';
  /** What the model was told. */
  output: string;
  /** The tool's own reply (MCP content: text, images, resources; `isError`), when it ran. */
  result?: McpCallReply;
  /** Why the call failed or did not run, in words for the user. */
  error?: string;
  /** From the model's request to the tool's answer, approval included. */
  durationMs?: number;
}

/**
 * A tool call of a reply, shown as a card. Without an outcome the call is still running, or,
 * once the reply has ended, it was stopped before the tool answered.
 */
export type ToolCallRecord = ToolCallRequest & Partial<ToolCallOutcome>;

/**
 * One prompt and its reply (docs/product.md#browser-storage). A chat's messages form a tree
 * (docs/product.md#versions-and-branches): a regenerated reply or an edited prompt is a new
 * message beside the old one, under the same parent, and the chat shows one path through it.
 */
export interface AiChatMessage {
  id: string;
  chatId: string;
  /**
   * The message before this one on its path; null for a chat's first. Absent on messages from
   * before versions existed: they follow the message created before them.
   */
  parentId?: string | null;
  /**
   * Epoch milliseconds of when this version was last chosen among its siblings (the messages with
   * the same parent); the chat shows the latest chosen (the newest when none was). Kept on the
   * chosen message itself, so choosing changes one record only.
   */
  selectedAt?: number;
  prompt: string;
  reply: string;
  reasoning: string;
  model: string;
  /** The provider that answered, for the price's currency. */
  provider: string;
  temperature: number;
  maxTokens: number | null;
  inputTokens: number;
  outputTokens: number;
  memo: string;
  /** True while the reply streams. */
  isActive: boolean;
  citedFiles: string[];
  citedChunks: string[];
  /** Epoch milliseconds. */
  createdAt: number;
  /** Set when the reply ended in an error: the message shown after 发生错误: . */
  error?: string;
  /** The user stopped the reply; what arrived is kept. */
  stopped?: boolean;
  /** The reply was cut by a reload or a closed tab; what arrived is kept. */
  interrupted?: boolean;
  toolCalls?: ToolCallRecord[];
  /** The reply ended because the model kept calling tools after this many rounds. */
  toolRoundsCapped?: number;
  /** HTML tags were removed from the prompt before it was sent (docs/product.md#prompt-content). */
  htmlStripped?: boolean;
  /** Images and files sent with the prompt (docs/product.md#prompt-attachments). */
  attachments?: PromptAttachment[];
}

/** A row of the message list (docs/product.md#browser-storage). */
export interface DisplayMessage {
  _id: string;
  sender: string;
  receiver: string;
  timestamp: number;
  type: 'text' | 'timeLine';
}
