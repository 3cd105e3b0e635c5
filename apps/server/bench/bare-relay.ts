// The baseline of `npm run bench:realtime:delivery`: a bare socket.io relay on the same
// socket.io version and event names as Confab, with no session, no database and no checks.
// A client says who it is and who its partner is in the handshake; `sendMessage` is passed to
// the partner's room as `newChatMessage` and acknowledged. Run as its own process; prints the
// port it listens on.
import { createServer } from 'node:http';
import { Server } from 'socket.io';

const httpServer = createServer();
const io = new Server(httpServer, { path: '/socket.io', serveClient: false });
let seq = 0;

io.on('connection', (socket) => {
  const { user, partner } = socket.handshake.auth as { user: string; partner: string };
  void socket.join(`user:${user}`);
  socket.on(
    'sendMessage',
    (
      payload: { chatId: string; content: string; clientId: string },
      ack?: (reply: unknown) => void,
    ) => {
      seq += 1;
      const message = { ...payload, _id: String(seq), seq, sender: user };
      io.to(`user:${partner}`).emit('newChatMessage', { message });
      ack?.({ ok: true, data: { message } });
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
