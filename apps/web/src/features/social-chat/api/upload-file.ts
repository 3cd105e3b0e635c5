import { socialApiBase } from '@confab/protocol/envelope';
import { socialChatApiPaths, uploadReplySchema } from '@confab/protocol/social-chat';
import type { OutboxEntry, UploadOutcome } from '../lib/outbox-entry';
import { errorText } from '@/lib/error-text';
import { uploads } from '../lib/upload-progress';

/**
 * An upload is given up when no byte has moved for this long (docs/product.md#ui-timings): a
 * whole-request timeout would cut a large file on a slow phone link every time, for ever.
 */
export const uploadIdleTimeoutMs = 30_000;

/** The error an upload stopped by its user ends with; its message is gone by then. */
export const uploadCancelled = 'Cancelled';

/** The reply's error in the user's language (its code, never the server's English text). */
function replyMessage(xhr: XMLHttpRequest): string {
  try {
    const json = JSON.parse(xhr.responseText) as { code?: unknown };
    if (typeof json.code === 'string') return errorText(json);
  } catch {
    // Not JSON (a proxy's page): the status says enough.
  }
  return errorText({ code: xhr.status >= 500 ? 'INTERNAL_ERROR' : 'REQUEST_ERROR' });
}

/**
 * `POST files/upload` as multipart: the chat first, then the file (the server reads in order).
 * XMLHttpRequest rather than fetch, for its upload progress, reported to `uploads` with the
 * means to stop it; a stopped upload sends nothing further.
 */
export function uploadFile(entry: OutboxEntry & { file: Blob }): Promise<UploadOutcome> {
  const form = new FormData();
  form.append('chatId', entry.chatId);
  form.append('file', entry.file, entry.fileName ?? entry.content);
  const xhr = new XMLHttpRequest();
  return new Promise<UploadOutcome>((resolve) => {
    let idle: ReturnType<typeof setTimeout> | undefined;
    let timedOut = false;
    const stillMoving = () => {
      clearTimeout(idle);
      idle = setTimeout(() => {
        timedOut = true;
        xhr.abort();
      }, uploadIdleTimeoutMs);
    };
    const finish = (outcome: UploadOutcome) => {
      clearTimeout(idle);
      uploads.ended(entry.clientId);
      resolve(outcome);
    };
    // No answer: offline or cut off. The upload is tried again with the next flush.
    const unanswered = () =>
      finish({ ok: false, retry: true, error: errorText({ code: 'REQUEST_ERROR' }) });
    xhr.upload.onprogress = (event) => {
      stillMoving();
      if (event.lengthComputable) uploads.moved(entry.clientId, event.loaded, event.total);
    };
    xhr.onerror = unanswered;
    // Stalled (no progress for a while): tried again with the next flush, like no answer.
    xhr.onabort = () =>
      timedOut ? unanswered() : finish({ ok: false, retry: false, error: uploadCancelled });
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) {
        finish({ ok: false, retry: false, error: replyMessage(xhr) });
        return;
      }
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // Checked below.
      }
      const parsed = uploadReplySchema.safeParse(body);
      finish(
        parsed.success
          ? { ok: true, attachment: parsed.data.data.file }
          : { ok: false, retry: false, error: errorText({ code: 'REQUEST_ERROR' }) },
      );
    };
    xhr.open('POST', `${socialApiBase}${socialChatApiPaths.upload}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    uploads.started(entry.clientId, () => xhr.abort());
    xhr.send(form);
    stillMoving();
  });
}
