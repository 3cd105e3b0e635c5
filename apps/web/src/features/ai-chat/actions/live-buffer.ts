import type { ChatEvent } from '../engine/run-chat';
import { addRequest, addTrace, setLiveReply, type LiveReply } from '../stores/chat-store';

/**
 * Batches a chat's stream events into one store update per animation frame: a fast stream
 * delivers hundreds of tokens between two paints, and rendering each would block the main thread.
 * `changed` is told of every change (the partial saves).
 */
export function liveBuffer(chatId: string, messageId: string, changed: () => void) {
  const live: LiveReply = { messageId, reply: '', reasoning: '', toolCalls: [] };
  let scheduled = false;
  let closed = false;
  // Records are updated in place: new objects, so a card of a finished call re-renders.
  const snapshot = (): LiveReply => ({ ...live, toolCalls: live.toolCalls.map((c) => ({ ...c })) });
  const flush = () => {
    scheduled = false;
    // A frame that comes after the reply ended must not bring the live reply back.
    if (!closed) setLiveReply(chatId, snapshot());
  };
  const schedule = () => {
    changed();
    if (scheduled) return;
    scheduled = true;
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(flush);
    else setTimeout(flush, 16);
  };
  return {
    live,
    snapshot,
    close() {
      closed = true;
    },
    onEvent(event: ChatEvent) {
      switch (event.type) {
        case 'content':
          live.reply += event.text;
          schedule();
          break;
        case 'reasoning':
          live.reasoning += event.text;
          schedule();
          break;
        case 'tool-call':
          live.toolCalls.push({ id: event.call.id, name: event.call.name, args: event.call.args });
          schedule();
          break;
        case 'tool-result': {
          // The latest call of that id still waiting: a provider may reuse ids across rounds.
          const record = live.toolCalls.findLast((c) => c.id === event.call.id && !c.outcome);
          if (record) Object.assign(record, event.outcome);
          schedule();
          break;
        }
        case 'trace':
          addTrace(chatId, event.label, event.message);
          break;
        case 'request':
          addRequest(chatId, event.request);
          break;
      }
    },
  };
}
