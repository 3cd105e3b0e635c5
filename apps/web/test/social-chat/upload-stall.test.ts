import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { uploadFile, uploadIdleTimeoutMs } from '@/features/social-chat/api/upload-file';
import type { OutboxEntry } from '@/features/social-chat/lib/outbox-entry';

/** The browser's XMLHttpRequest, played by the test: it decides when bytes move. */
class FakeXhr {
  static last: FakeXhr | null = null;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  timeout = 0;
  withCredentials = false;
  aborted = false;
  open() {}
  setRequestHeader() {}
  send() {
    FakeXhr.last = this;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  moved(loaded: number) {
    this.upload.onprogress?.({
      lengthComputable: true,
      loaded,
      total: 10_000_000,
    } as ProgressEvent);
  }
}

const entry = {
  clientId: 'c-1',
  chatId: 'chat-1',
  content: 'talk.mp4',
  fileName: 'talk.mp4',
  file: new Blob(['x']),
} as unknown as OutboxEntry & { file: Blob };

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

// A 10 MB video over a slow phone uplink takes minutes: only a stall ends it.
describe('an upload on a slow link', () => {
  it('goes on for as long as bytes keep moving', async () => {
    const outcome = vi.fn();
    void uploadFile(entry).then(outcome);
    for (let second = 1; second <= 300; second += 1) {
      await vi.advanceTimersByTimeAsync(1_000);
      FakeXhr.last!.moved(second * 30_000);
    }
    expect(FakeXhr.last!.aborted).toBe(false);
    expect(FakeXhr.last!.timeout).toBe(0);
    expect(outcome).not.toHaveBeenCalled();
  });

  it('is given up when nothing moved for a while, and tried again later', async () => {
    const result = uploadFile(entry);
    FakeXhr.last!.moved(1_000);
    await vi.advanceTimersByTimeAsync(uploadIdleTimeoutMs + 1);
    expect(FakeXhr.last!.aborted).toBe(true);
    await expect(result).resolves.toMatchObject({ ok: false, retry: true });
  });
});
