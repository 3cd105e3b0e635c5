import { create } from 'zustand';
import type { ApprovalDecision } from '../lib/approval';
import type { ApprovalRequest } from '../lib/tool-runtime';

interface PendingApproval {
  id: number;
  request: ApprovalRequest;
  decide(decision: ApprovalDecision): void;
}

interface ApprovalStore {
  /** Calls waiting for the user, oldest first; the dialog shows the first. */
  queue: PendingApproval[];
}

export const useApprovalStore = create<ApprovalStore>()(() => ({ queue: [] }));

let nextId = 1;

/** The signal's own reason when it is an error (what fetch rejects with), an AbortError otherwise. */
function abortError(signal: AbortSignal | undefined): Error {
  const reason: unknown = signal?.reason;
  return reason instanceof Error
    ? reason
    : new DOMException('The operation was aborted', 'AbortError');
}

function remove(id: number): void {
  useApprovalStore.setState((state) => ({ queue: state.queue.filter((item) => item.id !== id) }));
}

/**
 * Asks the user about one tool call through the approval dialog. Several calls of one reply
 * wait in turn. Aborting `signal` (the stop button) takes the question away and rejects.
 */
export function requestApproval(
  request: ApprovalRequest,
  signal?: AbortSignal,
): Promise<ApprovalDecision> {
  if (signal?.aborted) return Promise.reject(abortError(signal));
  return new Promise((resolve, reject) => {
    const id = nextId++;
    const onAbort = () => {
      remove(id);
      reject(abortError(signal));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    const decide = (decision: ApprovalDecision) => {
      signal?.removeEventListener('abort', onAbort);
      remove(id);
      resolve(decision);
    };
    useApprovalStore.setState((state) => ({ queue: [...state.queue, { id, request, decide }] }));
  });
}
