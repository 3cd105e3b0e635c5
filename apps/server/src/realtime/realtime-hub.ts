import type { Server, Socket } from 'socket.io';
import type { McpInputResponsePayload } from '@confab/protocol/mcp-input';
import {
  chatRoom,
  type SocketAckReply,
  userRoom,
  type ClientToServerEvents,
  type InterServerEvents,
  type ServerToClientEvents,
  type SocketData,
} from '@confab/protocol/socket-events';

export type AppSocketServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  InterServerEvents,
  SocketData
>;
export type AppSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  InterServerEvents,
  SocketData
>;

/** The room of one session's sockets, so signing out closes exactly that session's tabs. */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/**
 * The one place that sends socket events. Services hold it from the start; the socket plugin
 * attaches the socket.io server when the app starts, and until then (or without one) events go
 * nowhere. With a cluster adapter (Redis streams) a `to(room).emit` reaches every node.
 */
/** Told of every event sent to a user's tabs (Web Push reaches the user who has none open). */
export type UserEventObserver = <E extends keyof ServerToClientEvents>(
  userId: string,
  event: E,
  ...args: Parameters<ServerToClientEvents[E]>
) => void;

/** Answers a question held on this node for a user whose socket is on another node. */
export type ForwardedInputAnswerer = (
  userId: string,
  payload: McpInputResponsePayload,
) => SocketAckReply<{ requestId: string }> | null;

/** Longest a sign-out waits for the other nodes to say they forgot the session. */
const sessionsEndedWaitMs = 1000;

/** Told when another node ended a session, or every session of a user. */
export type SessionsEndedListener = (ended: { sessionId: string } | { userId: string }) => void;

export class RealtimeHub {
  private io: AppSocketServer | null = null;
  private sessionsEnded: SessionsEndedListener | undefined;
  private inputAnswerer: ForwardedInputAnswerer | null = null;
  private readonly observers: UserEventObserver[] = [];
  /** Whether every socket is on this node (no cluster adapter): its rooms are all there is. */
  private alone = false;

  /** `alone`: the server has no cluster adapter, so other nodes hold no sockets. */
  attach(io: AppSocketServer, { alone }: { alone: boolean }): void {
    this.io = io;
    this.alone = alone;
    io.on('mcpInputResponse', (userId, payload, ack) => {
      ack(this.inputAnswerer?.(userId, payload) ?? null);
    });
    io.on('sessionsEnded', (ended, ack) => {
      this.sessionsEnded?.(ended);
      ack();
    });
  }

  /** Who forgets sessions that other nodes ended (the session cache). */
  onSessionsEnded(listener: SessionsEndedListener): void {
    this.sessionsEnded = listener;
  }

  /** Who answers the questions this node holds when the answer came to another node. */
  answerForwardedInput(answerer: ForwardedInputAnswerer): void {
    this.inputAnswerer = answerer;
  }

  /**
   * Hands an answer to the other nodes; the reply of the one holding the question, or null when
   * none does (or there are no other nodes).
   */
  async forwardInput(
    userId: string,
    payload: McpInputResponsePayload,
  ): Promise<SocketAckReply<{ requestId: string }> | null> {
    if (!this.io || this.alone) return null;
    const replies = await this.io.serverSideEmitWithAck('mcpInputResponse', userId, payload);
    return replies.find((reply) => reply !== null) ?? null;
  }

  detach(): void {
    this.io = null;
  }

  /** `observer` hears every event `toUser` sends from now on. */
  observe(observer: UserEventObserver): void {
    this.observers.push(observer);
  }

  /** Sends an event to every connected tab of a user. */
  toUser<E extends keyof ServerToClientEvents>(
    userId: string,
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): void {
    this.io?.to(userRoom(userId)).emit(event, ...args);
    for (const observer of this.observers) observer(userId, event, ...args);
  }

  /** Sends an event to every connected tab of a user but one socket (on any node). */
  toUserExceptSocket<E extends keyof ServerToClientEvents>(
    userId: string,
    socketId: string,
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): void {
    const room = userRoom(userId);
    // A node alone knows every tab: with none but the one left out, nobody gets the event, and
    // socket.io would still encode it (a send's whole message, on every send from a single tab).
    if (this.alone) {
      const tabs = this.io?.sockets.adapter.rooms.get(room);
      if (!tabs || (tabs.size === 1 && tabs.has(socketId))) return;
    }
    // Every socket is in a room named by its id, on every node.
    this.io
      ?.to(room)
      .except(socketId)
      .emit(event, ...args);
  }

  /** Which of these users have a connected socket (on any node of a cluster). */
  async connectedAmong(userIds: readonly string[]): Promise<Set<string>> {
    if (!this.io || userIds.length === 0) return new Set();
    const sockets = await this.io.in(userIds.map(userRoom)).fetchSockets();
    return new Set(sockets.map((socket) => socket.data.user.id));
  }

  /** Sends an event to every connected tab of several users at once. */
  toUsers<E extends keyof ServerToClientEvents>(
    userIds: string[],
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): void {
    if (userIds.length > 0) this.io?.to(userIds.map(userRoom)).emit(event, ...args);
  }

  /** Sends an event to the sockets that joined a chat, except every tab of one user. */
  toChatExceptUser<E extends keyof ServerToClientEvents>(
    chatId: string,
    exceptUserId: string,
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): void {
    this.io
      ?.to(chatRoom(chatId))
      .except(userRoom(exceptUserId))
      .emit(event, ...args);
  }

  /** Takes every tab of these users out of a chat's room (it became read-only). */
  leaveChat(userIds: readonly string[], chatId: string): void {
    if (userIds.length > 0) this.io?.in(userIds.map(userRoom)).socketsLeave(chatRoom(chatId));
  }

  /**
   * Closes the sockets of one session (sign-out): they were authorised by that session only.
   * Other nodes are told first and answer once they forgot it (see tellSessionsEnded).
   */
  async disconnectSession(sessionId: string): Promise<void> {
    await this.tellSessionsEnded({ sessionId });
    this.io?.in(sessionRoom(sessionId)).disconnectSockets(true);
  }

  /** Closes every socket of a user (all sessions ended: password change, "sign out everywhere"). */
  async disconnectUser(userId: string): Promise<void> {
    await this.tellSessionsEnded({ userId });
    this.io?.in(userRoom(userId)).disconnectSockets(true);
  }

  /**
   * Tells the other nodes, and waits until each answered or `sessionsEndedWaitMs` passed: the
   * ended session's next request may reach another node as soon as this one replies. A node
   * that cannot be told in time (Redis away, a node gone) reads the session again within the
   * session cache's time (SESSION_CACHE_MS), and opens no socket with it meanwhile.
   */
  private async tellSessionsEnded(ended: { sessionId: string } | { userId: string }) {
    if (!this.io || this.alone) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.io.serverSideEmitWithAck('sessionsEnded', ended).catch(() => {}),
      new Promise<void>((resolve) => (timer = setTimeout(resolve, sessionsEndedWaitMs))),
    ]);
    clearTimeout(timer);
  }
}
