import { randomBytes } from 'node:crypto';
import type { ElicitRequestParams, ElicitResult } from '@modelcontextprotocol/client';
import {
  contentProblems,
  fieldsOfRequestedSchema,
  mcpInputLimits,
  problemText,
  type McpInputField,
  type McpInputRequestPayload,
  type McpInputResponsePayload,
} from '@confab/protocol/mcp-input';
import { badRequest, notFound } from '../lib/app-error';
import type { RealtimeHub } from '../realtime/realtime-hub';
import type { InputAsker } from './call-scope';
import type { ConnectionLogger } from './connection';

const secondQuestionRefusal = 'another question of this call is still open';

interface Pending {
  userId: string;
  callId: string;
  fields: McpInputField[] | null;
  settle(result: ElicitResult): void;
}

export interface McpInputBrokerOptions {
  realtime: RealtimeHub;
  /** How long a question waits for the user before it is cancelled. */
  waitMs: number;
  log: ConnectionLogger;
}

/**
 * The questions MCP servers ask users during their calls on this node: each goes to its user's
 * tabs as `mcpInputRequest` and waits for `mcpInputResponse` from that user only. A question
 * this app cannot show safely is declined at once, and the tab is told why.
 */
export class McpInputBroker {
  private readonly pending = new Map<string, Pending>();

  constructor(private readonly options: McpInputBrokerOptions) {}

  /** The asker of one call of `userId` that the tab made as `callId`. */
  askerFor(userId: string, callId: string, server: string): InputAsker {
    return {
      ask: (params, signal) => this.ask(userId, callId, server, params, signal),
      refuse: (reason) =>
        this.refuse(userId, callId, randomBytes(16).toString('base64url'), server, reason),
    };
  }

  /** Whether this node holds the question (an answer arriving elsewhere is forwarded here). */
  holds(requestId: string): boolean {
    return this.pending.has(requestId);
  }

  /**
   * The user's answer. A question that is not theirs is "not found" exactly like one that does
   * not exist; content that does not fit the form is refused and the question stays open.
   */
  answer(userId: string, payload: McpInputResponsePayload): { requestId: string } {
    const pending = this.pending.get(payload.requestId);
    if (!pending || pending.userId !== userId) {
      throw notFound('This question was answered, cancelled or has expired');
    }
    if (payload.action !== 'accept') {
      pending.settle({ action: payload.action });
      return { requestId: payload.requestId };
    }
    if (!pending.fields) {
      // A link: accepting means the user chose to open it.
      pending.settle({ action: 'accept' });
      return { requestId: payload.requestId };
    }
    const content = payload.content ?? {};
    const problems = contentProblems(pending.fields, content);
    if (problems) {
      const fields = Object.fromEntries(
        Object.entries(problems).map(([name, problem]) => [name, problemText(problem)]),
      );
      const [name, text] = Object.entries(fields)[0]!;
      throw badRequest(`${name}: ${text}`, fields);
    }
    pending.settle({ action: 'accept', content });
    return { requestId: payload.requestId };
  }

  private ask(
    userId: string,
    callId: string,
    server: string,
    params: ElicitRequestParams,
    signal: AbortSignal,
  ): Promise<ElicitResult> {
    const requestId = randomBytes(16).toString('base64url');
    // One question at a time per call: a second one would be hidden behind the first while
    // its wait keeps the call's deadline stopped.
    if (this.openFor(userId, callId)) {
      return this.refuse(userId, callId, requestId, server, secondQuestionRefusal);
    }
    const message = String(params.message).slice(0, mcpInputLimits.messageMax);
    const expiresAt = Date.now() + this.options.waitMs;
    let payload: McpInputRequestPayload;
    let fields: McpInputField[] | null = null;
    if (params.mode === 'url') {
      const host = httpHost(params.url);
      if (!host)
        return this.refuse(userId, callId, requestId, server, 'the link is not http or https');
      payload = {
        mode: 'url',
        callId,
        requestId,
        server,
        message,
        url: params.url,
        host,
        expiresAt,
      };
    } else {
      const read = fieldsOfRequestedSchema(params.requestedSchema);
      if ('refusal' in read) return this.refuse(userId, callId, requestId, server, read.refusal);
      fields = read.fields;
      payload = { mode: 'form', callId, requestId, server, message, fields, expiresAt };
    }
    if (signal.aborted) return Promise.resolve({ action: 'cancel' });
    return new Promise<ElicitResult>((resolve) => {
      const end = (result: ElicitResult) => {
        if (!this.pending.delete(requestId)) return;
        clearTimeout(timer);
        signal.removeEventListener('abort', cancel);
        this.options.realtime.toUser(userId, 'mcpInputEnded', { callId, requestId });
        resolve(result);
      };
      const cancel = () => end({ action: 'cancel' });
      const timer = setTimeout(cancel, this.options.waitMs);
      timer.unref();
      signal.addEventListener('abort', cancel, { once: true });
      this.pending.set(requestId, { userId, callId, fields, settle: end });
      this.options.realtime.toUser(userId, 'mcpInputRequest', payload);
    });
  }

  private openFor(userId: string, callId: string): boolean {
    for (const pending of this.pending.values()) {
      if (pending.userId === userId && pending.callId === callId) return true;
    }
    return false;
  }

  private refuse(
    userId: string,
    callId: string,
    requestId: string,
    server: string,
    refusal: string,
  ): Promise<ElicitResult> {
    this.options.log.warn({ server, refusal }, 'MCP input request declined');
    this.options.realtime.toUser(userId, 'mcpInputEnded', { callId, requestId, refusal });
    return Promise.resolve({ action: 'decline' });
  }
}

function httpHost(url: string): string | null {
  if (url.length > mcpInputLimits.urlMax || !URL.canParse(url)) return null;
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  return parsed.host;
}
