/**
 * Keeps a fast reply from holding the main thread. The AI SDK parses a stream in chains of
 * promise callbacks that never end a task while data is buffered, so a burst of thousands of
 * chunks would block painting and input for hundreds of milliseconds. Reading the body through
 * this stream ends the task every few milliseconds: the page paints between slices.
 */
export const sliceMs = 8;
const pieceBytes = 4096;

/** Lets other tasks (input, paint) run: a message-channel task, not a clamped timer. */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

export function timeSliced(body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let pending: Uint8Array | null = null;
  let sliceStart = performance.now();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (performance.now() - sliceStart > sliceMs) {
        await yieldToMain();
        sliceStart = performance.now();
      }
      if (!pending) {
        const { done, value } = await reader.read();
        if (done) {
          controller.close();
          return;
        }
        pending = value;
      }
      // Big network chunks go on in pieces, so one piece's parsing stays short.
      const piece = pending.subarray(0, pieceBytes);
      pending = pending.length > pieceBytes ? pending.subarray(pieceBytes) : null;
      controller.enqueue(piece);
    },
    cancel: (reason) => reader.cancel(reason),
  });
}
