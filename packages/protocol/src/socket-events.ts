import { z } from 'zod';
import {
  aiAnswerDeltaPayloadSchema,
  aiAnswerEndPayloadSchema,
  aiAnswerStartPayloadSchema,
  type AiAnswerDeltaNotice,
  type AiAnswerDeltaPayload,
  type AiAnswerEndPayload,
  type AiAnswerEndedPayload,
  type AiAnswerStartPayload,
  type AiAnswerStartedPayload,
  type AiAnswerStoppedPayload,
} from './ai-answer-relay';
import type { AiHistoryChangedPayload, AiSettingsChangedPayload } from './ai-history';
import type { SessionUser } from './auth';
import {
  contactChanges,
  contactSchema,
  friendChatSchema,
  friendRequestMessagePayloadSchema,
  type Contact,
  type FriendRequestMessagePayload,
} from './contacts';
import type { ErrorReply } from './errors';
import {
  mcpInputResponsePayloadSchema,
  type McpInputEndedPayload,
  type McpInputRequestPayload,
  type McpInputResponsePayload,
} from './mcp-input';
import type { ProfileUpdatedPayload } from './profile';
import {
  chatRoomsPayloadSchema,
  messageHiddenSchema,
  reactionsChangeSchema,
  onlineStatusPayloadSchema,
  sendMessagePayloadSchema,
  syncPayloadSchema,
  typingPayloadSchema,
  type ChatRoomsPayload,
  type ChatUpdatedPayload,
  type MessageHiddenPayload,
  type MessageUpdatedPayload,
  type ReactionsUpdatedPayload,
  type MessagesReadPayload,
  type NewChatMessagePayload,
  type NewMessageNoticePayload,
  type OnlineStatusPayload,
  type PresenceNoticePayload,
  type SendMessagePayload,
  type SocialMessage,
  type SyncPayload,
  type SyncReply,
  type TypingNoticePayload,
  type TypingPayload,
} from './social-chat';

/**
 * The one map of socket.io events (docs/product.md#socket), shared by the server's
 * `Server<...>` and the web app's `Socket<...>`. A feature adds its events here: a line in
 * ServerToClientEvents for what the server sends, a line in ClientToServerEvents plus a schema in
 * `clientEventSchemas` for what clients send (the server validates every client payload).
 */

export const socketPath = '/socket.io';

/** The room every socket of one user joins, so all of a user's tabs receive its events. */
export const userRoom = (userId: string) => `user:${userId}`;

/** The room of sockets that joined a chat (`join_chats`): they receive its typing indicators. */
export const chatRoom = (chatId: string) => `chat:${chatId}`;

/** The reply a client receives through an event's acknowledgement callback. */
export type SocketAckReply<T> = { ok: true; data: T } | { ok: false; error: ErrorReply };
export type SocketAck<T> = (reply: SocketAckReply<T>) => void;

// Server → client payloads.

/** To the receiver of a new (or re-sent) friend request; `contact` as the receiver sees it. */
export const newFriendMessagePayloadSchema = z.object({ contact: contactSchema });
export type NewFriendMessagePayload = z.infer<typeof newFriendMessagePayloadSchema>;

/**
 * To both parties (every tab) when a request changes; `requested` goes to the sender only (the
 * receiver gets `newFriendMessage`). `contact` is the request as the recipient now sees it, or
 * null when it left the recipient's list. A blocked user is told "removed", and "accepted" when
 * unblocked, never that a block happened.
 */
export const contactUpdatedPayloadSchema = z.object({
  change: z.enum(contactChanges),
  contactId: z.string(),
  contact: contactSchema.nullable(),
});
export type ContactUpdatedPayload = z.infer<typeof contactUpdatedPayloadSchema>;

/** To both parties when accepting a request created (or revived) their one-to-one chat. */
export const newFriendChatPayloadSchema = z.object({
  chat: friendChatSchema,
  contactId: z.string(),
});
export type NewFriendChatPayload = z.infer<typeof newFriendChatPayloadSchema>;

/** To every participant of the chat when someone puts or takes back an emoji on a message. */
export const reactionsUpdatedPayloadSchema = reactionsChangeSchema;
/** To every tab of the one user who deleted a message for themselves. */
export const messageHiddenPayloadSchema = messageHiddenSchema;

export interface ServerToClientEvents {
  /** A friend request arrived (or came again): to the receiver only. */
  newFriendMessage: (payload: NewFriendMessagePayload) => void;
  /** A friend request changed (accepted, declined, removed): to both parties. */
  contactUpdated: (payload: ContactUpdatedPayload) => void;
  /** Accepting a request opened (or revived) the pair's chat: the list must load it. */
  newFriendChat: (payload: NewFriendChatPayload) => void;
  /**
   * The user's OWN message, sent from another tab or device: echoed to the sender's other
   * sockets (the sending socket has it in `sendMessage`'s acknowledgement instead). Carries no
   * unread count: one's own message is never unread.
   */
  newChatMessage: (payload: NewChatMessagePayload) => void;
  /**
   * ANOTHER participant's message: to every tab of the receiver, with the receiver's unread
   * count for the chat. The receiver's only event for that message.
   */
  new_message: (payload: NewMessageNoticePayload) => void;
  /** A message was edited or deleted (not a new one): to every participant's tabs. */
  messageUpdated: (payload: MessageUpdatedPayload) => void;
  /** A message's reactions changed: to every participant's tabs. */
  reactionsUpdated: (payload: ReactionsUpdatedPayload) => void;
  /** The user deleted a message for themselves: to all of that user's tabs, nobody else's. */
  messageHidden: (payload: MessageHiddenPayload) => void;
  /** Someone's read mark moved: the viewer's own (another tab) or the other participant's. */
  messagesRead: (payload: MessagesReadPayload) => void;
  /** The viewer's chat as it now is (a toggle, a block, a nickname): the chat, not a message. */
  chatUpdated: (payload: ChatUpdatedPayload) => void;
  /** Someone else is typing in a chat this socket joined (`join_chats`); the echo of `typing`. */
  typing: (payload: TypingNoticePayload) => void;
  /** A contact came online or went offline; what `onlineStatus` of their tabs adds up to. */
  presence: (payload: PresenceNoticePayload) => void;
  /**
   * Someone the viewer may see (themselves included, for their other tabs) changed their display
   * name or avatar (docs/product.md#identity).
   */
  profileUpdated: (payload: ProfileUpdatedPayload) => void;
  /**
   * Events meant for this tab may have been lost: it reloads what it shows as on a reconnection
   * (its open chats by `sync`, the chat list and contacts over REST). Sent when a node regains
   * Redis after an outage, to that node's own tabs (they may have missed other nodes' events)
   * and, on every node, to the rooms of the events it could only deliver locally meanwhile.
   */
  catchUp: () => void;
  /** The account's AI history changed (another device pushed, or the mode changed): pull it. */
  aiHistoryChanged: (payload: AiHistoryChangedPayload) => void;
  /** The account's synced provider settings (or sealed keys) changed: read them again. */
  aiSettingsChanged: (payload: AiSettingsChangedPayload) => void;
  /**
   * Asking AI in a chat (docs/product.md#ask-ai-in-chat): an answer began streaming, to the
   * other participant's tabs and the asker's other tabs; its text follows in `aiAnswerDelta`.
   */
  aiAnswerStarted: (payload: AiAnswerStartedPayload) => void;
  aiAnswerDelta: (payload: AiAnswerDeltaNotice) => void;
  /** The answer is over (stored: its `ai_answer` message replaces the live bubble). */
  aiAnswerEnded: (payload: AiAnswerEndedPayload) => void;
  /** Live answers stopped unstored (AI switched off, read-only, the asker left): to both sides. */
  aiAnswerStopped: (payload: AiAnswerStoppedPayload) => void;
  /** An MCP server asks the user something during their tool call `callId` (a form or a link). */
  mcpInputRequest: (payload: McpInputRequestPayload) => void;
  /** That question is over (answered, cancelled, timed out): its form goes away in every tab. */
  mcpInputEnded: (payload: McpInputEndedPayload) => void;
}

export interface ClientToServerEvents {
  /** Sends a friend request (kept for compatibility: the web app uses the REST route). */
  friendRequestMessage: (
    payload: FriendRequestMessagePayload,
    ack?: SocketAck<{ contact: Contact }>,
  ) => void;
  /** Sends a message; the acknowledgement carries it as stored (the sender's copy). */
  sendMessage: (payload: SendMessagePayload, ack?: SocketAck<{ message: SocialMessage }>) => void;
  /** This user is (or stopped) typing; relayed to the chat's other sockets as `typing`. */
  typing: (payload: TypingPayload) => void;
  /** This tab is active or away; the server tells contacts `presence` when the user's sum changes. */
  onlineStatus: (payload: OnlineStatusPayload) => void;
  /** Enter chats' rooms to hear their `typing` (messages reach the user's room regardless). */
  join_chats: (payload: ChatRoomsPayload, ack?: SocketAck<{ chatIds: string[] }>) => void;
  /** Leave chats' rooms: their `typing` is no longer heard. */
  leave_chats: (payload: ChatRoomsPayload, ack?: SocketAck<{ chatIds: string[] }>) => void;
  /** What was missed while away: messages, changes and read marks after the given cursors. */
  sync: (payload: SyncPayload, ack?: SocketAck<SyncReply>) => void;
  /** The asker's browser begins an answer of its model in a chat (both consents on). */
  aiAnswerStart: (payload: AiAnswerStartPayload, ack?: SocketAck<{ answerId: string }>) => void;
  /** More of that answer's text; the ack says how many characters the server has relayed. */
  aiAnswerDelta: (payload: AiAnswerDeltaPayload, ack?: SocketAck<{ relayed: number }>) => void;
  /** The answer is over: stored as a message, or cancelled. */
  aiAnswerEnd: (payload: AiAnswerEndPayload, ack?: SocketAck<{ answerId: string }>) => void;
  /** The user's answer to `mcpInputRequest`: accept (with content), decline or cancel. */
  mcpInputResponse: (
    payload: McpInputResponsePayload,
    ack?: SocketAck<{ requestId: string }>,
  ) => void;
}

/** The client events that answer through an acknowledgement. */
export type AckedClientEvent = {
  [E in keyof ClientToServerEvents]: Parameters<ClientToServerEvents[E]>[1] extends undefined
    ? never
    : E;
}[keyof ClientToServerEvents];

/** What event `E`'s acknowledgement carries on success (its `data`). */
export type ClientEventAckData<E extends AckedClientEvent> =
  NonNullable<Parameters<ClientToServerEvents[E]>[1]> extends SocketAck<infer T> ? T : never;

/** Validates the first argument of every client event; a malformed payload gets an error ack. */
export const clientEventSchemas = {
  friendRequestMessage: friendRequestMessagePayloadSchema,
  sendMessage: sendMessagePayloadSchema,
  typing: typingPayloadSchema,
  onlineStatus: onlineStatusPayloadSchema,
  join_chats: chatRoomsPayloadSchema,
  leave_chats: chatRoomsPayloadSchema,
  sync: syncPayloadSchema,
  aiAnswerStart: aiAnswerStartPayloadSchema,
  aiAnswerDelta: aiAnswerDeltaPayloadSchema,
  aiAnswerEnd: aiAnswerEndPayloadSchema,
  mcpInputResponse: mcpInputResponsePayloadSchema,
} satisfies { [E in keyof ClientToServerEvents]: z.ZodType };

/** Between server nodes. */
export interface InterServerEvents {
  /**
   * An answer to an MCP server's question, from the node holding the user's socket to the node
   * holding the call (only that node knows the request id). Every node acknowledges: null when
   * it does not hold the question.
   */
  mcpInputResponse: (
    userId: string,
    payload: McpInputResponsePayload,
    ack: (reply: SocketAckReply<{ requestId: string }> | null) => void,
  ) => void;
  /**
   * A session ended, or every session of a user: other nodes forget what they read of it, and
   * acknowledge, so the sign-out is answered only once no node would still take the session.
   */
  sessionsEnded: (ended: { sessionId: string } | { userId: string }, ack: () => void) => void;
}

/** Set at the handshake from the session cookie; the only source of a socket's user. */
export interface SocketData {
  user: SessionUser;
  sessionId: string;
}

/** Why a handshake was refused, in `connect_error`'s `data`. */
export const socketConnectErrorCodes = [
  'UNAUTHENTICATED',
  'FORBIDDEN',
  /** The user has `SOCKETS_PER_USER` sockets open already; close a tab and retry. */
  'TOO_MANY_SOCKETS',
] as const;
export type SocketConnectError = {
  code: (typeof socketConnectErrorCodes)[number];
  message: string;
};
