import { randomUUID } from 'node:crypto';
import type { AiChat, AiChatMessage } from '@confab/protocol/ai-chat';
import type { AiSettingsSync } from '@confab/protocol/ai-history';
import type { Contact } from '@confab/protocol/contacts';
import type { PushSubscriptionBody } from '@confab/protocol/push';
import type { ClientToServerEvents } from '@confab/protocol/socket-events';

/**
 * Who may do what: the expected answer of every API route and socket event, written once.
 * `authorization-matrix.test.ts` sends each request as each actor against a real app and fails
 * on any route or event of the server that has no row here, so a new route cannot go
 * unreviewed.
 *
 * Actors, asked in this order (refusals first, so a refused request cannot spoil the state the
 * participant then uses):
 * - anonymous: no cookie;
 * - stranger: a signed-in user with no part in the resource;
 * - admin: a signed-in administrator with no part in the resource (only where it matters);
 * - counterpart: the participant's friend, the other party of their chat, who did not write
 *   the fixture's message (only where the two parties' rights differ);
 * - participant: the user the resource belongs to (a party of the friend request, ...).
 */
export type Actor = 'anonymous' | 'stranger' | 'admin' | 'counterpart' | 'participant';

/** A friend request between the participant and a counterpart, in the state a row needs. */
export type RequestState =
  'pending to participant' | 'pending from participant' | 'accepted' | 'blocked by participant';

/** A fresh set of users (and what they own) for each row. */
export interface MatrixWorld {
  participant: { username: string; password: string };
  counterpart: { username: string };
  /** A friend request between participant and counterpart, as the participant sees it. */
  friendRequest(state: RequestState): Promise<Contact>;
  /** A remote MCP server that answers (the reference server over Streamable HTTP). */
  mcpUrl: string;
  /** Adds a remote MCP server as an administrator. */
  addMcpServer(key: string): Promise<void>;
  /** Gives the counterpart an avatar. */
  counterpartAvatar(): Promise<void>;
  /** The user ids of participant and counterpart. */
  ids: { participant: string; counterpart: string };
  /**
   * The chat of participant and counterpart (friends), with a message and an uploaded file
   * the participant sent.
   */
  chat(): Promise<ChatFixture>;
  /** An AI chat and its message the participant pushed to their AI history (revisions 1, 2). */
  aiHistory(): Promise<AiHistoryFixture>;
  /** Provider settings and sealed keys the participant synced (once per world). */
  aiSettings(): Promise<AiSettingsSync>;
  /** A Web Push subscription of the participant's device (once per world). */
  pushSubscription(): Promise<PushSubscriptionBody>;
}

/**
 * A device's subscription as a browser gives it, at a public address (the matrix's app allows
 * no private push targets); nothing is pushed there while the matrix runs.
 */
export function matrixPushSubscription(): PushSubscriptionBody {
  return {
    // A public address: the documentation ranges are among those endpoints may not use.
    endpoint: `https://192.88.99.7/push/${randomUUID()}`,
    expirationTime: null,
    keys: {
      p256dh: `B${'A'.repeat(86)}`,
      auth: 'A'.repeat(22),
    },
  };
}

export interface AiHistoryFixture {
  chat: AiChat;
  message: AiChatMessage;
}

export interface ChatFixture {
  chatId: string;
  messageId: string;
  fileId: string;
}

export interface MatrixRequest {
  body?: unknown;
  /** Query string without `?`. */
  query?: string;
  /** Values of the route's `:name` path parameters. */
  params?: Record<string, string>;
  /** A multipart/form-data body, in the order given (instead of a JSON body). */
  multipart?: [name: string, value: string | { bytes: Uint8Array; filename: string }][];
  /** A raw body with its content type (an avatar's bytes). */
  raw?: { bytes: Buffer; contentType: string };
}

export interface RouteRow {
  /** The request each actor sends (built once per row, from a fresh world). */
  request?: (world: MatrixWorld) => Promise<MatrixRequest> | MatrixRequest;
  /** The expected HTTP status per actor; actors left out are not asked. */
  expect: {
    anonymous: number;
    stranger: number;
    admin?: number;
    counterpart?: number;
    participant?: number;
  };
  /**
   * Checks of an actor's successful reply beyond its status: what a stranger must not learn,
   * what the participant still has after the others' requests.
   */
  replies?: Partial<Record<Actor, (data: unknown, world: MatrixWorld) => Promise<void>>>;
  /** Why these answers are right. */
  why: string;
}

const signedIn = (status = 200) => ({ anonymous: 401, stranger: status, admin: status });
const adminOnly = (status = 200) => ({ anonymous: 401, stranger: 403, admin: status });
/** The `data` of an envelope reply, as the AI history routes answer. */
type Data<T> = (data: T, world: MatrixWorld) => Promise<void>;
const check =
  <T>(assert: Data<T>) =>
  (data: unknown, world: MatrixWorld) =>
    assert(data as T, world);
const same = (actual: unknown, expected: unknown, what: string) => {
  if (JSON.stringify(actual) !== JSON.stringify(expected))
    throw new Error(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
};
type Changes = { changes: { revision: number }[] };
/** Another account's AI history reads as empty: nothing of the participant's shows. */
const nothingOfTheParticipants = check<Changes>(async ({ changes }) =>
  same(changes, [], "the participant's AI history as another account pulls it"),
);

/** Another account's search finds nothing of the participant's messages. */
const nothingFound = check<{ results: unknown[] }>(async ({ results }) =>
  same(results, [], "the participant's AI messages as another account searches them"),
);

const partiesOnly = { anonymous: 401, stranger: 404, admin: 404, participant: 200 };

// The smallest real PNG: a 1×1 transparent pixel (uploads are typed by their content).
export const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A row on the fixture chat: only its two participants reach it; anyone else gets a 404. */
const onChat = (
  request: (chat: ChatFixture, world: MatrixWorld) => MatrixRequest,
  why: string,
): RouteRow => ({
  request: async (w) => request(await w.chat(), w),
  expect: partiesOnly,
  why: `${why}; a stranger or an administrator cannot tell the chat from one that does not exist (404)`,
});

/**
 * A row on the fixture chat's message: the other participant sees the message but may not
 * change it (403 says who may); strangers and administrators get the chat's 404.
 */
const authorOnly = (
  request: (chat: ChatFixture, world: MatrixWorld) => MatrixRequest,
  why: string,
): RouteRow => {
  const row = onChat(request, why);
  return {
    ...row,
    expect: { ...row.expect, counterpart: 403 },
    why: `${row.why}; the other participant is refused (403)`,
  };
};

export const routeTable: Record<string, RouteRow> = {
  'GET /api/health': {
    expect: { anonymous: 200, stranger: 200 },
    why: 'public: load balancers and the status page ask it',
  },
  'POST /api/_auth/register': {
    request: () => ({
      body: { username: `r${rand()}`, email: `${rand()}@example.com`, password: 'long enough' },
    }),
    expect: { anonymous: 201, stranger: 409 },
    why: 'public; the second actor sends the same body and finds the name taken',
  },
  'POST /api/_auth/login': {
    request: (w) => ({
      body: { username: w.participant.username, password: w.participant.password },
    }),
    expect: { anonymous: 200, stranger: 200 },
    why: 'public: whoever knows the password signs in, whatever cookie they held',
  },
  'GET /api/_auth/session': {
    expect: { anonymous: 200, stranger: 200 },
    why: 'public: answers {} when signed out',
  },
  'DELETE /api/_auth/session': {
    expect: { anonymous: 200, stranger: 200 },
    why: 'public and idempotent: signing out when signed out is done',
  },
  'POST /api/_auth/password': {
    request: (w) => ({
      body: { currentPassword: w.participant.password, newPassword: 'another long one' },
    }),
    expect: { anonymous: 401, stranger: 400, admin: 400, participant: 200 },
    why: "a user changes only their own password: the participant's current password is wrong for anyone else",
  },
  'DELETE /api/_auth/sessions': {
    expect: { ...signedIn(), participant: 200 },
    why: 'ends the sessions of the signed-in user only',
  },
  'GET /api/_auth/profile': {
    expect: { ...signedIn(), participant: 200 },
    why: "each user reads only their own profile (the session's user)",
  },
  'PUT /api/_auth/profile': {
    request: () => ({ body: { displayName: '名字 Name' } }),
    expect: { ...signedIn(), participant: 200 },
    why: "a user names only themselves: the session's user, never one named in the request",
  },
  'PUT /api/_auth/avatar': {
    request: () => ({ raw: { bytes: tinyPng, contentType: 'image/png' } }),
    expect: { ...signedIn(), participant: 200 },
    why: "a user sets only their own picture: the session's user",
  },
  'DELETE /api/_auth/avatar': {
    expect: { ...signedIn(), participant: 200 },
    why: 'a user removes only their own picture; removing none is done',
  },
  'GET /api/chat-social-msg/users/:userId/avatar': {
    request: async (w) => {
      await w.chat();
      await w.counterpartAvatar();
      return { params: { userId: w.ids.counterpart } };
    },
    expect: partiesOnly,
    why: 'an avatar is shown only to its owner, their contacts, chat partners and requesters: a stranger or an administrator gets the 404 of a picture that does not exist',
  },
  'GET /api/chat-social-msg/contacts/list': {
    expect: signedIn(),
    why: "each user's own list",
  },
  'POST /api/chat-social-msg/contacts/add': {
    request: (w) => ({ body: { receiverName: w.counterpart.username } }),
    expect: { ...signedIn(), participant: 200 },
    why: 'any signed-in user may ask anyone; each actor asks from their own account',
  },
  'POST /api/chat-social-msg/contacts/accept': {
    request: async (w) => ({
      body: { contact: (await w.friendRequest('pending to participant')).id },
    }),
    expect: partiesOnly,
    why: 'only the receiver accepts; anyone else learns nothing (404)',
  },
  'POST /api/chat-social-msg/contacts/reject': {
    request: async (w) => ({
      body: { contact: (await w.friendRequest('pending to participant')).id },
    }),
    expect: partiesOnly,
    why: 'only the receiver rejects',
  },
  'POST /api/chat-social-msg/contacts/remove': {
    request: async (w) => ({ body: { contact: (await w.friendRequest('accepted')).id } }),
    expect: partiesOnly,
    why: 'either party removes; an administrator has no say in friendships',
  },
  'POST /api/chat-social-msg/contacts/block': {
    request: async (w) => ({ body: { contact: (await w.friendRequest('accepted')).id } }),
    expect: partiesOnly,
    why: 'either party blocks',
  },
  'POST /api/chat-social-msg/contacts/unblock': {
    request: async (w) => ({
      body: { contact: (await w.friendRequest('blocked by participant')).id },
    }),
    expect: partiesOnly,
    why: 'only the user who blocked unblocks',
  },
  'POST /api/chat-social-msg/contacts/chat': {
    request: async (w) => ({ body: { contact: (await w.friendRequest('accepted')).id } }),
    expect: partiesOnly,
    why: "only friends open their chat; nobody else learns the chat's id",
  },
  'GET /api/ready': {
    expect: { anonymous: 200, stranger: 200 },
    why: 'public: load balancers ask whether this node should get traffic',
  },
  'GET /api/chat-social-msg/chats': {
    expect: signedIn(),
    why: "each user's own chat list",
  },
  'GET /api/chat-social-msg/chats/unread': {
    expect: signedIn(),
    why: "each user's own chats' unread counts",
  },
  'GET /api/chat-social-msg/rooms': {
    expect: signedIn(),
    why: "each user's own chat rooms",
  },
  'POST /api/chat-social-msg/chats': {
    request: async (w) => {
      await w.chat();
      return { body: { participantId: w.ids.counterpart } };
    },
    expect: partiesOnly,
    why: 'only an accepted contact opens a chat with someone; anyone else is told there is none',
  },
  'POST /api/chat-social-msg/rooms': {
    request: async (w) => {
      await w.chat();
      return { body: { participantId: w.ids.counterpart } };
    },
    expect: partiesOnly,
    why: 'same as POST /chats',
  },
  'PUT /api/chat-social-msg/chats/:chatId': onChat(
    ({ chatId }) => ({ params: { chatId }, body: { nickname: 'Renamed' } }),
    'a participant names the chat for themselves',
  ),
  'DELETE /api/chat-social-msg/chats/:chatId': onChat(
    ({ chatId }) => ({ params: { chatId } }),
    'a participant deletes the chat from their own list',
  ),
  'POST /api/chat-social-msg/chats/:chatId/:toggle': onChat(
    ({ chatId }) => ({ params: { chatId, toggle: 'archive' }, body: { value: true } }),
    'a participant archives, mutes, pins or blocks the chat for themselves',
  ),
  'PUT /api/chat-social-msg/chats/:chatId/ai': onChat(
    ({ chatId }) => ({ params: { chatId }, body: { enabled: true } }),
    'a participant switches "AI in this chat" on or off for themselves',
  ),
  'POST /api/chat-social-msg/:chatId/messages': onChat(
    ({ chatId }) => ({ params: { chatId }, body: { content: 'hello' } }),
    'only participants write in a chat',
  ),
  'GET /api/chat-social-msg/:chatId/messages': onChat(
    ({ chatId }) => ({ params: { chatId } }),
    "only participants read a chat's messages",
  ),
  'GET /api/chat-social-msg/:chatId/messages/search': onChat(
    ({ chatId }) => ({ params: { chatId }, query: 'q=hello' }),
    "only participants search a chat's messages",
  ),
  'PUT /api/chat-social-msg/:chatId/messages/:messageId': authorOnly(
    ({ chatId, messageId }) => ({ params: { chatId, messageId }, body: { content: 'edited' } }),
    'the author edits their message',
  ),
  'DELETE /api/chat-social-msg/:chatId/messages/:messageId': authorOnly(
    ({ chatId, messageId }) => ({ params: { chatId, messageId } }),
    'the author deletes their message',
  ),
  'POST /api/chat-social-msg/:chatId/messages/read': onChat(
    ({ chatId, messageId }) => ({ params: { chatId }, body: { messageId } }),
    'a participant marks their own read position',
  ),
  'POST /api/chat-social-msg/:chatId/messages/readAll': onChat(
    ({ chatId }) => ({ params: { chatId } }),
    'a participant marks their own read position',
  ),
  'POST /api/chat-social-msg/:chatId/messages/:messageId/reactions': onChat(
    ({ chatId, messageId }) => ({
      params: { chatId, messageId },
      body: { emoji: '👍', value: true },
    }),
    'only participants react to a message of their chat',
  ),
  'POST /api/chat-social-msg/:chatId/messages/:messageId/hide': onChat(
    ({ chatId, messageId }) => ({ params: { chatId, messageId } }),
    'a participant deletes a message of their chat for themselves only',
  ),
  'POST /api/chat-social-msg/:chatId/messages/:messageId/forward': onChat(
    ({ chatId, messageId }) => ({
      params: { chatId, messageId },
      body: { toChatId: chatId, clientId: randomUUID() },
    }),
    'only a participant forwards a message they can read, into a chat of their own',
  ),
  'POST /api/chat-social-msg/batchMessages': onChat(
    ({ chatId }) => ({ body: { chatIds: [chatId] } }),
    "only participants read a chat's messages",
  ),
  'POST /api/chat/sendMessage': onChat(
    ({ chatId }) => ({ body: { chatId, content: 'hello' } }),
    'only participants write in a chat',
  ),
  'DELETE /api/chat/deleteMessage': authorOnly(
    ({ chatId, messageId }) => ({ body: { chatId, messageId } }),
    'the author deletes their message',
  ),
  'POST /api/chat/markAsRead': onChat(
    ({ chatId, messageId }) => ({ body: { chatId, messageId } }),
    'a participant marks their own read position',
  ),
  'POST /api/chat/markAllAsRead': onChat(
    ({ chatId }) => ({ body: { chatId } }),
    'a participant marks their own read position',
  ),
  'POST /api/chat/batchMessages': onChat(
    ({ chatId }) => ({ body: { chatIds: [chatId] } }),
    "only participants read a chat's messages",
  ),
  'POST /api/chat-social-msg/files/upload': onChat(
    ({ chatId }) => ({
      multipart: [
        ['chatId', chatId],
        ['file', { bytes: tinyPng, filename: 'dot.png' }],
      ],
    }),
    'only participants attach files to a chat',
  ),
  'GET /api/chat-social-msg/files/:fileId': onChat(
    ({ fileId }) => ({ params: { fileId } }),
    "only the chat's participants download its files",
  ),
  'GET /api/chat-social-msg/presence/:userId': {
    request: async (w) => {
      await w.chat();
      return { params: { userId: w.ids.counterpart } };
    },
    expect: partiesOnly,
    why: "only a user's contacts see whether they are online",
  },
  'GET /api/chat-social-msg/link-preview': {
    // A private address: refused by the guard without any network, so the answer is no preview.
    request: () => ({ query: `url=${encodeURIComponent('http://10.0.0.1/')}` }),
    expect: signedIn(),
    replies: {
      stranger: check<{ preview: unknown }>(async ({ preview }) =>
        same(preview, null, 'no preview'),
      ),
    },
    why: 'any signed-in user may ask for a preview: the server fetches only public addresses, at a rate per user, and a preview tells nothing the page does not tell anyone',
  },
  'GET /api/chat-social-msg/link-preview/:previewId/image': {
    request: () => ({ params: { previewId: '0'.repeat(64) } }),
    expect: signedIn(404),
    why: "a kept preview's image is public page content, served to signed-in users only",
  },
  'GET /api/ai-history/chats': {
    request: async (w) => {
      await w.aiHistory();
      return { query: 'since=0' };
    },
    expect: { ...signedIn(), participant: 200 },
    replies: {
      stranger: nothingOfTheParticipants,
      admin: nothingOfTheParticipants,
      participant: check<Changes>(async ({ changes }, w) =>
        same(changes, [{ kind: 'chat', revision: 1, chat: (await w.aiHistory()).chat }], 'own'),
      ),
    },
    why: "each user pulls their own AI history: the user comes from the session, another account's chats never show",
  },
  'POST /api/ai-history/chats': {
    request: async (w) => {
      const { chat } = await w.aiHistory();
      return {
        body: {
          changes: [{ kind: 'chat', chat: { ...chat, summary: 'Overwritten' }, baseRevision: 0 }],
        },
      };
    },
    expect: { ...signedIn(), participant: 200 },
    replies: {
      // The same client id is a new chat of the stranger's own account.
      stranger: check<{ results: unknown[] }>(async ({ results }) =>
        same(results, [{ status: 'applied', revision: 1 }], "the stranger's push"),
      ),
      // The participant's chat was not touched by the others: this edit from revision 0 is
      // stale against the participant's own revision 1, whose chat comes back unchanged.
      participant: check<{ results: unknown[] }>(async ({ results }, w) =>
        same(
          results,
          [{ status: 'stale', revision: 1, chat: (await w.aiHistory()).chat }],
          "the participant's push after the others'",
        ),
      ),
    },
    why: 'each user pushes into their own AI history only: ids are per account',
  },
  'GET /api/ai-history/messages': {
    request: async (w) => {
      await w.aiHistory();
      return { query: 'since=0' };
    },
    expect: { ...signedIn(), participant: 200 },
    replies: {
      stranger: nothingOfTheParticipants,
      admin: nothingOfTheParticipants,
      participant: check<Changes>(async ({ changes }, w) =>
        same(
          changes,
          [{ kind: 'message', revision: 2, message: (await w.aiHistory()).message }],
          'own',
        ),
      ),
    },
    why: "each user pulls their own AI messages; an administrator reads nobody's",
  },
  'GET /api/ai-history/search': {
    request: async (w) => {
      await w.aiHistory();
      return { query: `q=${encodeURIComponent("participant's question")}` };
    },
    expect: { ...signedIn(), participant: 200 },
    replies: {
      stranger: nothingFound,
      admin: nothingFound,
      participant: check<{ results: { messageId: string }[] }>(async ({ results }, w) =>
        same(
          results.map((r) => r.messageId),
          [(await w.aiHistory()).message.id],
          "the participant's search",
        ),
      ),
    },
    why: "each user searches their own AI messages: another account's never show, an administrator's search included",
  },
  'GET /api/ai-history/settings': {
    request: async (w) => {
      await w.aiHistory();
      return {};
    },
    expect: { ...signedIn(), participant: 200 },
    replies: {
      stranger: check<{ revision: number }>(async ({ revision }) =>
        same(revision, 0, "the stranger's revision"),
      ),
      participant: check<{ revision: number }>(async ({ revision }) =>
        same(revision, 2, "the participant's revision"),
      ),
    },
    why: "each user's own AI history settings",
  },
  'PUT /api/ai-history/settings': {
    request: async (w) => {
      await w.aiHistory();
      return { body: { mode: 'device' } };
    },
    // Not the administrator: their one account serves every row, and device-only would
    // refuse their pushes in the rows after this one.
    expect: { anonymous: 401, stranger: 200, participant: 200 },
    replies: {
      // The stranger's own (empty) account turned device-only; the participant's kept its
      // revision 2 until the participant asked.
      stranger: check<{ revision: number }>(async ({ revision }) =>
        same(revision, 1, "the stranger's revision"),
      ),
      participant: check<{ revision: number; mode: string }>(async ({ revision, mode }) =>
        same({ revision, mode }, { revision: 3, mode: 'device' }, "the participant's settings"),
      ),
    },
    why: 'each user sets the mode of their own AI history only',
  },
  'GET /api/ai-history/provider-settings': {
    request: async (w) => {
      await w.aiSettings();
      return {};
    },
    expect: { ...signedIn(), participant: 200 },
    replies: {
      stranger: check<AiSettingsSync>(async (reply) =>
        same(reply, { settings: null, sealedKeys: null, updatedAt: null }, "the stranger's"),
      ),
      admin: check<AiSettingsSync>(async (reply) =>
        same(reply.sealedKeys, null, "the administrator's sealed keys"),
      ),
      participant: check<AiSettingsSync>(async (reply, w) =>
        same(reply, await w.aiSettings(), 'own'),
      ),
    },
    why: "each user reads their own synced settings and sealed keys; an administrator reads nobody's",
  },
  'PUT /api/ai-history/provider-settings': {
    request: async (w) => {
      const { settings } = await w.aiSettings();
      return {
        body: { settings: { ...settings, modelMapping: { a: 'overwritten' } }, sealedKeys: null },
      };
    },
    expect: { ...signedIn(), participant: 200 },
    replies: {
      // The stranger's write is their own account's: it gets their body back, not the
      // participant's sealed keys.
      stranger: check<AiSettingsSync>(async ({ settings, sealedKeys }) =>
        same(
          { mapping: settings?.modelMapping, sealedKeys },
          { mapping: { a: 'overwritten' }, sealedKeys: null },
          "the stranger's",
        ),
      ),
      admin: check<AiSettingsSync>(async ({ sealedKeys }) =>
        same(sealedKeys, null, "the administrator's sealed keys"),
      ),
      participant: check<AiSettingsSync>(async ({ sealedKeys }) =>
        same(sealedKeys, null, "the participant's own write"),
      ),
    },
    why: 'each user writes their own synced settings only',
  },
  'GET /api/push/key': {
    expect: signedIn(),
    why: 'every signed-in user may read the public VAPID key their browser subscribes with',
  },
  'POST /api/push/subscriptions': {
    request: () => ({ body: matrixPushSubscription() }),
    expect: { ...signedIn(201), participant: 201 },
    why: "each signed-in user subscribes a device of their own: the subscription is the session's user's, whatever the body says",
  },
  'DELETE /api/push/subscriptions': {
    request: async (w) => ({ body: { endpoint: (await w.pushSubscription()).endpoint } }),
    expect: { anonymous: 401, stranger: 404, admin: 404, participant: 200 },
    why: "each user removes their own devices' subscriptions only; another user's endpoint is not found for them",
  },
  'GET /api/mcp/tools': {
    expect: signedIn(),
    why: 'every signed-in user may list the tools of the active servers',
  },
  'GET /api/mcp/offer': {
    expect: signedIn(),
    why: "every signed-in user's AI chat offers the tools of the active servers",
  },
  'POST /api/mcp/call': {
    request: () => ({ body: { client: 'everything', name: 'echo', args: { message: 'hi' } } }),
    expect: signedIn(),
    why: 'every signed-in user may call the tools of the active servers',
  },
  'GET /api/mcp/prompts': {
    expect: signedIn(),
    why: "every signed-in user's composer offers the prompts of the active servers",
  },
  'POST /api/mcp/getPrompt': {
    // A server of its own: the rows that switch "everything" off may come first.
    request: async (w) => {
      await w.addMcpServer('prompting');
      return { body: { client: 'prompting', name: 'simple-prompt' } };
    },
    expect: signedIn(),
    why: 'every signed-in user may use the prompts of the active servers',
  },
  'GET /api/mcp/resources': {
    request: async (w) => {
      await w.addMcpServer('listing');
      return { query: 'server=listing' };
    },
    expect: signedIn(),
    why: 'every signed-in user may attach the resources of the active servers',
  },
  'POST /api/mcp/readResource': {
    request: async (w) => {
      await w.addMcpServer('reading');
      return { body: { client: 'reading', uri: 'demo://resource/dynamic/text/1' } };
    },
    expect: signedIn(),
    why: 'every signed-in user may read the resources of the active servers, through the server',
  },
  'GET /api/mcp/init': {
    expect: signedIn(),
    why: 'the chat screen of every user reads the servers (header values for admins only)',
  },
  'GET /api/mcp/getConfig': {
    expect: signedIn(),
    why: 'same reply as init',
  },
  'POST /api/mcp/addServer': {
    request: (w) => ({
      body: { key: 'added', transport: { type: 'streamable-http', url: w.mcpUrl } },
    }),
    expect: adminOnly(201),
    why: 'only administrators connect servers',
  },
  'POST /api/mcp/updateServer': {
    request: async (w) => {
      await w.addMcpServer('changed');
      return {
        body: {
          key: 'changed',
          name: 'Changed',
          transport: { type: 'streamable-http', url: w.mcpUrl },
        },
      };
    },
    expect: adminOnly(),
    why: 'only administrators change servers',
  },
  'POST /api/mcp/putConfig': {
    request: (w) => ({ body: { mcpServers: { put: { url: w.mcpUrl, name: 'Put' } } } }),
    expect: adminOnly(),
    why: 'only administrators replace the server list',
  },
  'POST /api/mcp/deactivate': {
    request: () => ({ body: { key: 'everything' } }),
    expect: adminOnly(),
    why: 'only administrators switch servers for everyone',
  },
  'POST /api/mcp/activate': {
    request: () => ({ body: { key: 'everything' } }),
    expect: adminOnly(),
    why: 'only administrators switch servers for everyone',
  },
  'POST /api/mcp/oauth/start': {
    request: () => ({ body: { key: 'everything' } }),
    expect: signedIn(409),
    why: 'each signed-in user starts their own sign-in, to a server that uses OAuth (this one does not: test/mcp/oauth.test.ts covers the rest)',
  },
  'GET /api/mcp/oauth/callback': {
    request: () => ({ query: 'state=made-up&code=stolen' }),
    // A page load: always a 303 back to the tool settings (reason `session` or `state` here).
    expect: { anonymous: 303, stranger: 303, admin: 303 },
    why: "a sign-in is finished only by the user who started it, with its single-use state: anyone else's answer (or a browser without a session) is sent back to the settings with the reason and nothing is saved (test/mcp/oauth.test.ts checks where)",
  },
  'POST /api/mcp/oauth/disconnect': {
    request: () => ({ body: { key: 'everything' } }),
    expect: signedIn(409),
    why: "each user disconnects only their own account (the session's user's tokens, whatever the body says)",
  },
  'POST /api/mcp/personal/add': {
    request: (w) => ({
      body: { key: 'my_tools', transport: { type: 'streamable-http', url: w.mcpUrl } },
    }),
    expect: signedIn(403),
    why: "users add servers of their own only when an administrator allows it (off here; test/mcp/personal-servers.test.ts covers the rest, where nobody else sees another's)",
  },
  'POST /api/mcp/personal/remove': {
    request: () => ({ body: { key: 'my_tools' } }),
    expect: signedIn(404),
    why: "each user removes only their own servers: another's key is not found for them",
  },
  'POST /api/mcp/personal/policy': {
    request: () => ({ body: { allowed: false } }),
    expect: adminOnly(),
    why: 'only administrators decide whether users may add servers of their own',
  },
  'GET /api/mcp/oauth/client-metadata.json': {
    expect: { anonymous: 404, stranger: 404, admin: 404 },
    why: "Confab's public client metadata document, readable by authorization servers without a session; served only with an https PUBLIC_URL (none here)",
  },
};

/**
 * A socket event's answer: `ok` (its acknowledgement says ok) or an error status in the
 * acknowledgement; `unanswered` (no acknowledgement came) is what an event without a handler
 * would get. Anonymous visitors never get this far: the handshake needs a session.
 */
export type EventAnswer = 'ok' | 'unanswered' | number;

export interface EventRow {
  payload: (world: MatrixWorld) => unknown;
  expect: { stranger: EventAnswer; participant?: EventAnswer };
  /** What an `ok` acknowledgement carries for the stranger, when it must reveal nothing. */
  strangerData?: unknown;
  why: string;
}

const chatEvent = (
  payload: (chat: ChatFixture) => unknown,
  expect: EventRow['expect'],
  why: string,
  strangerData?: unknown,
): EventRow => ({
  payload: async (w) => payload(await w.chat()),
  expect,
  why,
  ...(strangerData !== undefined && { strangerData }),
});

export const eventTable: Record<keyof ClientToServerEvents, EventRow> = {
  friendRequestMessage: {
    payload: async (w) => ({
      newContact: { id: (await w.friendRequest('pending from participant')).id },
      receiverName: w.counterpart.username,
    }),
    expect: { stranger: 404, participant: 'ok' },
    why: 'only the sender re-announces their pending request',
  },
  sendMessage: chatEvent(
    ({ chatId }) => ({ chatId, clientId: randomUUID(), content: 'hello' }),
    { stranger: 404, participant: 'ok' },
    'only participants write in a chat; anyone else is told there is no such chat',
  ),
  typing: chatEvent(
    ({ chatId }) => ({ chatId, isTyping: true }),
    { stranger: 404, participant: 'ok' },
    'only participants type in a chat',
  ),
  onlineStatus: {
    payload: () => ({ isOnline: true }),
    expect: { stranger: 'ok', participant: 'ok' },
    why: "every user sets their own tab's presence, and nobody else's",
  },
  join_chats: chatEvent(
    ({ chatId }) => ({ chatIds: [chatId] }),
    { stranger: 'ok', participant: 'ok' },
    "the user joins only their own chats: a stranger's answer lists none",
    { chatIds: [] },
  ),
  leave_chats: chatEvent(
    ({ chatId }) => ({ chatIds: [chatId] }),
    { stranger: 'ok', participant: 'ok' },
    'leaving only leaves rooms this socket joined: a stranger left none',
    { chatIds: [] },
  ),
  sync: chatEvent(
    ({ chatId }) => ({ cursors: [{ chatId, afterSeq: 0, afterRevision: 0 }] }),
    { stranger: 'ok', participant: 'ok' },
    "catch-up reads only the user's own chats: a stranger gets no message, change or read mark",
    { messagesMap: {}, changesMap: {}, hiddenMap: {}, readMap: {}, hasMore: false },
  ),
  aiAnswerStart: chatEvent(
    ({ chatId }) => ({
      chatId,
      answerId: randomUUID(),
      model: 'gpt-4o',
      provider: 'OpenAI',
      contextCount: 2,
    }),
    { stranger: 404, participant: 403 },
    'only participants ask AI in a chat, and only once both switched "AI in this chat" on ' +
      '(the fixture chat has it off: 403)',
  ),
  aiAnswerDelta: {
    payload: () => ({ answerId: randomUUID(), text: 'more' }),
    expect: { stranger: 404, participant: 404 },
    why: 'only the tab that started an answer adds to it; any other answer id is unknown',
  },
  aiAnswerEnd: {
    payload: () => ({ answerId: randomUUID(), stored: false }),
    expect: { stranger: 404, participant: 404 },
    why: 'only the tab that started an answer ends it; any other answer id is unknown',
  },
  mcpInputResponse: {
    payload: () => ({ requestId: randomUUID(), action: 'decline' }),
    expect: { stranger: 404, participant: 404 },
    why:
      "only the user whose call a server's question belongs to answers it; another user's " +
      'question is unknown exactly like one that does not exist (test/mcp/call-input.test.ts)',
  },
};

function rand(): string {
  return Math.random().toString(36).slice(2, 10);
}
