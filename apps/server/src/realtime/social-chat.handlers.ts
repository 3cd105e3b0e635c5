import type { FastifyInstance } from 'fastify';
import { chatRoom } from '@confab/protocol/socket-events';
import type { SocketHandler } from '../plugins/socket';
import { onClientEvent } from './client-event';

/** Most messages per chat one `sync` answers with; `hasMore` asks the client for the rest. */
export const syncBatchSize = 100;

/**
 * The social chat's socket events. Connecting and disconnecting count towards presence;
 * `sendMessage` stores through the messages service (exactly once per clientId) and answers
 * with the stored message; `join_chats` joins only the user's own writable chats (for typing); `sync`
 * reads what a client missed from the database (socket.io replays nothing on a reconnection).
 */
export function socialChatSocketHandlers(app: FastifyInstance): SocketHandler {
  const { presence, typing, messages, chats, aiAnswers } = app.services;
  const logFailure = (what: string) => (error: unknown) =>
    app.log.warn({ err: error }, `${what} failed`);

  return (socket) => {
    const userId = socket.data.user.id;
    presence.socketConnected(userId, socket.id).catch(logFailure('presence on connect'));
    socket.on('disconnect', () => {
      presence.socketDisconnected(userId, socket.id).catch(logFailure('presence on disconnect'));
      typing.socketDisconnected(socket.id).catch(logFailure('typing on disconnect'));
      aiAnswers.socketGone(socket.id);
    });

    onClientEvent(socket, app.log, 'sendMessage', async (payload, user) => {
      // Past the user's allowance the service refuses it; the error ack carries retryAfter.
      const message = await messages.send(user, payload, { socketId: socket.id });
      await typing.stop(payload.chatId, user.id);
      return { message };
    });

    onClientEvent(socket, app.log, 'typing', (payload, user) =>
      typing.typing(user, socket.id, payload),
    );

    onClientEvent(socket, app.log, 'onlineStatus', (payload, user) =>
      presence.socketActivity(user.id, socket.id, payload.isOnline),
    );

    // Chats the user is not in, or that are read-only (a block, a removal), are left out of the
    // answer: the ack lists what was joined.
    onClientEvent(socket, app.log, 'join_chats', async (payload, user) => {
      const own = new Set(await chats.writableChatIdsOf(user.id));
      const chatIds = [...new Set(payload.chatIds)].filter((chatId) => own.has(chatId));
      await socket.join(chatIds.map(chatRoom));
      return { chatIds };
    });

    onClientEvent(socket, app.log, 'leave_chats', async (payload) => {
      const chatIds = [...new Set(payload.chatIds)].filter((chatId) =>
        socket.rooms.has(chatRoom(chatId)),
      );
      for (const chatId of chatIds) await socket.leave(chatRoom(chatId));
      return { chatIds };
    });

    onClientEvent(socket, app.log, 'sync', (payload, user) =>
      messages.since(user.id, payload.cursors, syncBatchSize),
    );

    // Asking AI in a chat (docs/product.md#ask-ai-in-chat): the asker's tab relays its model's
    // answer; the service checks every event and forwards it.
    onClientEvent(socket, app.log, 'aiAnswerStart', (payload, user) =>
      aiAnswers.start(user, socket.id, payload),
    );
    onClientEvent(socket, app.log, 'aiAnswerDelta', (payload, user) =>
      aiAnswers.delta(user, socket.id, payload),
    );
    onClientEvent(socket, app.log, 'aiAnswerEnd', (payload, user) =>
      aiAnswers.end(user, socket.id, payload),
    );
  };
}
