import { socialApiBase } from '@confab/protocol/envelope';
import { socialChatApiPaths, uploadReplySchema } from '@confab/protocol/social-chat';
import type { AppSocket } from '@/lib/realtime/socket-client';
import { socketRequest } from '@/lib/realtime/socket-request';
import type {
  DeliveryOutcome,
  OutboxEntry,
  OutboxTransport,
  UploadOutcome,
} from '../lib/outbox-entry';
import { errorText } from '@/lib/error-text';

/** How long a send waits for the server's acknowledgement before it counts as unanswered. */
export const sendAckTimeoutMs = 10_000;
/** Uploads are bigger; the social API's timeout (docs/product.md#ui-timings). */
const uploadTimeoutMs = 30_000;

async function replyMessage(response: Response): Promise<string> {
  try {
    const json = (await response.json()) as { code?: unknown };
    if (typeof json.code === 'string') return errorText(json);
  } catch {
    // Not JSON (a proxy's page): the status says enough.
  }
  return errorText({ code: response.status >= 500 ? 'INTERNAL_ERROR' : 'REQUEST_ERROR' });
}

/** `POST files/upload` as multipart: the chat first, then the file (the server reads in order). */
export async function uploadFile(entry: OutboxEntry & { file: Blob }): Promise<UploadOutcome> {
  const form = new FormData();
  form.append('chatId', entry.chatId);
  form.append('file', entry.file, entry.content);
  let response: Response;
  try {
    response = await fetch(`${socialApiBase}${socialChatApiPaths.upload}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
      body: form,
      signal: AbortSignal.timeout(uploadTimeoutMs),
    });
  } catch {
    // No answer: offline or cut off. The upload is tried again with the next flush.
    return { ok: false, retry: true, error: errorText({ code: 'REQUEST_ERROR' }) };
  }
  if (!response.ok) return { ok: false, retry: false, error: await replyMessage(response) };
  const parsed = uploadReplySchema.safeParse(await response.json().catch(() => null));
  if (!parsed.success)
    return { ok: false, retry: false, error: errorText({ code: 'REQUEST_ERROR' }) };
  return { ok: true, attachment: parsed.data.data.file };
}

/**
 * The app's outbox transport: messages go over the tab's socket with an acknowledgement that
 * carries the stored message. Nothing is emitted while disconnected (socket.io would buffer it
 * and send it again on its own, beside the outbox's own resend).
 */
export function socketTransport(getSocket: () => AppSocket): OutboxTransport {
  return {
    isConnected: () => getSocket().connected,
    upload: uploadFile,
    async send(entry): Promise<DeliveryOutcome> {
      const socket = getSocket();
      if (!socket.connected)
        return { ok: false, retry: true, error: errorText({ code: 'REQUEST_ERROR' }) };
      try {
        const reply = await socketRequest(
          socket,
          'sendMessage',
          {
            chatId: entry.chatId,
            content: entry.content,
            contentType: entry.contentType,
            clientId: entry.clientId,
            ...(entry.attachment ? { fileId: entry.attachment.id } : {}),
          },
          sendAckTimeoutMs,
        );
        if (reply.ok) return { ok: true, message: reply.data.message };
        return { ok: false, retry: false, error: errorText(reply.error) };
      } catch {
        // No acknowledgement in time. Cut off: send again once reconnected (the client id
        // makes that safe). Still connected: the server is struggling; the user may retry.
        if (!socket.connected)
          return { ok: false, retry: true, error: errorText({ code: 'REQUEST_ERROR' }) };
        return { ok: false, retry: false, error: errorText({ code: 'TIMEOUT' }) };
      }
    },
  };
}
