/** How long an idle task waits for an idle moment before it runs anyway. */
const idleTimeoutMs = 2000;

/** Runs `task` once the page is idle (or after idleTimeoutMs); returns its cancellation. */
export function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(task, { timeout: idleTimeoutMs });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(task, idleTimeoutMs);
  return () => clearTimeout(timer);
}
