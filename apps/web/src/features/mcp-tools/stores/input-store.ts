import { create } from 'zustand';
import type {
  McpInputEndedPayload,
  McpInputRequestPayload,
  McpInputResponsePayload,
} from '@confab/protocol/mcp-input';
import type { SocketAckReply } from '@confab/protocol/socket-events';
import { getSocket } from '@/lib/realtime/socket-client';
import { socketRequest } from '@/lib/realtime/socket-request';

/** What a tool call's card shows of a server's question: the question, or why it was declined. */
export type CallInput = { question: McpInputRequestPayload } | { refusal: string };

interface InputState {
  /** By the model's id of the call (the card's call). */
  inputs: Record<string, CallInput>;
}

export const useInputStore = create<InputState>()(() => ({ inputs: {} }));

// The calls this tab made that may be asked something: the server's `callId` → the model's id.
const tracked = new Map<string, string>();
let listening = false;

function setInput(modelCallId: string, input: CallInput | null): void {
  useInputStore.setState((state) => {
    const inputs = { ...state.inputs };
    if (input) inputs[modelCallId] = input;
    else delete inputs[modelCallId];
    return { inputs };
  });
}

function onRequest(payload: McpInputRequestPayload): void {
  // Every tab of the user hears it; only the tab that made the call shows it.
  const modelCallId = tracked.get(payload.callId);
  if (modelCallId) setInput(modelCallId, { question: payload });
}

function onEnded(payload: McpInputEndedPayload): void {
  const modelCallId = tracked.get(payload.callId);
  if (!modelCallId) return;
  if (payload.refusal) {
    setInput(modelCallId, { refusal: payload.refusal });
    return;
  }
  const current = useInputStore.getState().inputs[modelCallId];
  if (current && 'question' in current && current.question.requestId === payload.requestId) {
    setInput(modelCallId, null);
  }
}

function listen(): void {
  if (listening) return;
  listening = true;
  const socket = getSocket();
  socket.on('mcpInputRequest', onRequest);
  socket.on('mcpInputEnded', onEnded);
}

/**
 * While a call runs, its questions show in its card. Returns the end of it: an open question
 * goes away with the call (a refusal stays, to say why the tool was declined).
 */
export function trackCallInput(callId: string, modelCallId: string): () => void {
  listen();
  tracked.set(callId, modelCallId);
  return () => {
    tracked.delete(callId);
    const current = useInputStore.getState().inputs[modelCallId];
    if (current && 'question' in current) setInput(modelCallId, null);
  };
}

const answerTimeoutMs = 15_000;

/** Sends the user's answer; the server's reply (an error names the fields it refused). */
export function answerInput(
  payload: McpInputResponsePayload,
): Promise<SocketAckReply<{ requestId: string }>> {
  return socketRequest(getSocket(), 'mcpInputResponse', payload, answerTimeoutMs);
}

/** A call id the server accepts (`mcpCallIdSchema`), new for each call. */
export function newCallId(): string {
  return crypto.randomUUID();
}
