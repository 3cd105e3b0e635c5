/**
 * The uploads under way in this tab, by the client id of their message: how far each has got,
 * and how to stop it. Kept beside the outbox (which knows nothing of bytes) so the room can
 * show a bar and a cancel button on the message being uploaded.
 */
export interface UploadProgress {
  loaded: number;
  total: number;
}

type Listener = () => void;

const progress = new Map<string, UploadProgress>();
const stoppers = new Map<string, () => void>();
const listeners = new Set<Listener>();

const changed = () => {
  for (const listener of listeners) listener();
};

export const uploads = {
  subscribe: (listener: Listener): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  progressOf: (clientId: string): UploadProgress | null => progress.get(clientId) ?? null,
  started: (clientId: string, stop: () => void): void => {
    stoppers.set(clientId, stop);
    progress.set(clientId, { loaded: 0, total: 0 });
    changed();
  },
  moved: (clientId: string, loaded: number, total: number): void => {
    if (!stoppers.has(clientId)) return;
    progress.set(clientId, { loaded, total });
    changed();
  },
  ended: (clientId: string): void => {
    stoppers.delete(clientId);
    if (progress.delete(clientId)) changed();
  },
  /** Stops the upload of that message, if one is under way. */
  stop: (clientId: string): void => {
    stoppers.get(clientId)?.();
  },
};
