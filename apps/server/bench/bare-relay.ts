// The baseline of `npm run bench:realtime:delivery`: a bare socket.io relay on the same
// socket.io version and event names as Confab, with no session, no database and no checks.
// A client says who it is and who its partner is in the handshake; `sendMessage` is passed to
// the partner's room as `newChatMessage` and acknowledged. Run as its own process; prints the
// port it listens on.
//
// RELAY_FRAMES=protocol makes it send what Confab's protocol sends for a message, still with no
// session, database or checks: the acknowledgement, and `new_message` with an unread count to
// the partner, carry a message with every field of Confab's. It tells how much of Confab's cost
// is the protocol's frames rather than storing and checking.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { Server } from 'socket.io';

const httpServer = createServer();
const io = new Server(httpServer, { path: '/socket.io', serveClient: false });
let seq = 0;
const protocolFrames = process.env.RELAY_FRAMES === 'protocol';

io.on('connection', (socket) => {
  const { user, partner } = socket.handshake.auth as { user: string; partner: string };
  void socket.join(`user:${user}`);
  socket.on(
    'sendMessage',
    (
      payload: { chatId: string; content: string; contentType?: string; clientId: string },
      ack?: (reply: unknown) => void,
    ) => {
      seq += 1;
      if (!protocolFrames) {
        const message = { ...payload, _id: String(seq), seq, sender: user };
        io.to(`user:${partner}`).emit('newChatMessage', { message });
        ack?.({ ok: true, data: { message } });
        return;
      }
      const _id = randomUUID();
      const timestamp = new Date().toISOString();
      // One view per participant, as Confab builds them (neither has read it yet).
      const view = () => ({
        _id,
        chatId: payload.chatId,
        seq,
        sender: user,
        senderUsername: user,
        content: payload.content,
        contentType: payload.contentType ?? 'text',
        attachment: null,
        clientId: payload.clientId,
        timestamp,
        editedAt: null,
        deleted: false,
        isRead: false,
      });
      io.to(`user:${partner}`).emit('new_message', {
        chatId: payload.chatId,
        unread: 1,
        message: view(),
      });
      ack?.({ ok: true, data: { message: view() } });
    },
  );
});

httpServer.listen(0, '127.0.0.1', () => {
  const address = httpServer.address();
  if (typeof address === 'object' && address) console.log(`listening ${address.port}`);
});
process.on('SIGTERM', () => {
  void io.close();
  process.exit(0);
});
