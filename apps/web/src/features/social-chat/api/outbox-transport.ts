import type { AppSocket } from '@/lib/realtime/socket-client';
import { socketRequest } from '@/lib/realtime/socket-request';
import type { DeliveryOutcome, OutboxTransport } from '../lib/outbox-entry';
import { errorText } from '@/lib/error-text';
import { uploadFile } from './upload-file';

/** How long a send waits for the server's acknowledgement before it counts as unanswered. */
export const sendAckTimeoutMs = 10_000;
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
            // An AI message carries its snapshot; the server makes its content from it.
            ...(entry.ai ? { ai: entry.ai } : { content: entry.content }),
            contentType: entry.contentType,
            clientId: entry.clientId,
            ...(entry.attachment ? { fileId: entry.attachment.id } : {}),
            ...(entry.replyTo ? { replyToId: entry.replyTo.messageId } : {}),
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
