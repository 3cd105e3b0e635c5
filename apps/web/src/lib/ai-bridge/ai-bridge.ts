import type { AiMessagePayload } from '@confab/protocol/ai-in-chat';
import { createContext, useContext, type ComponentType } from 'react';

/**
 * The user's own model, as other features use it (docs/product.md#ai-in-chat): asking it in a
 * friend chat, and the private helper on a message. It belongs to the AI chat feature, which
 * other features may not import: the app provides it here. The request goes from this browser
 * to the provider the user set up, with their key; the server never calls a model.
 */
export interface AiAskMessage {
  role: 'user' | 'assistant';
  content: string;
}

export interface AiAskOptions {
  /** The instructions the model gets before the messages. */
  system?: string;
  messages: AiAskMessage[];
  signal: AbortSignal;
  /** Reasoning and content as they arrive, in order. */
  onDelta?: (delta: { type: 'content' | 'reasoning'; text: string }) => void;
}

export interface AiCost {
  amount: number;
  currency: 'USD' | 'CNY';
}

export interface AiAskResult {
  content: string;
  reasoning: string;
  inputTokens: number;
  outputTokens: number;
  /** The model as the user knows it (the catalogue's label), and its provider's name. */
  model: string;
  provider: string;
  /** From the catalogue's prices; null for a model without prices. */
  cost: AiCost | null;
  /** Ended by the signal; what arrived before is kept. */
  aborted: boolean;
  /** Why the request failed, readable (the provider's own error where there is one). */
  failure?: string;
}

/** The model that would answer now, or what is missing before one can. */
export type AiModelState =
  | { ready: true; model: string; provider: string }
  | { ready: false; provider: string; missing: ('provider' | 'base' | 'key' | 'model')[] };

export interface AiBridge {
  /** Reads the stored settings (they load once per page). */
  modelState(): Promise<AiModelState>;
  /** One request, no tools; never throws (a failure is in the result). */
  ask(options: AiAskOptions): Promise<AiAskResult>;
  /**
   * Copies a shared answer (or an answer asked in a chat) into the user's own AI history as a
   * new chat, synced like any other, and makes it the open one; the caller then shows the AI
   * chat (docs/product.md#ai-in-chat). What comes next runs on the user's own provider.
   */
  continueShared(payload: AiMessagePayload): Promise<void>;
  /** The price of these tokens from the model catalogue; null for a model without prices. */
  costOf(usage: AiUsage): Promise<AiCost | null>;
}

export interface AiUsage {
  model: string;
  provider: string;
  inputTokens: number;
  outputTokens: number;
}

export const AiBridgeContext = createContext<AiBridge | null>(null);

/** The user's model, or null where the app provides none (a preview). */
export function useAiBridge(): AiBridge | null {
  return useContext(AiBridgeContext);
}

export interface AiMarkdownProps {
  text: string;
  /** The text is still arriving (its last block is formatted as it grows). */
  streaming?: boolean;
}

/**
 * Model output as the AI chat shows it: markdown with the same sanitisation (no raw HTML, no
 * remote images, safe links), loaded on first use. The app provides it; where it does not (a
 * preview), the text shows as plain text.
 */
export const AiMarkdownSlot = createContext<ComponentType<AiMarkdownProps> | null>(null);
