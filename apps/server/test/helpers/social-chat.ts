import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import {
  socialChatApiPaths,
  type SocialChat,
  type SocialMessage,
} from '@confab/protocol/social-chat';
import type { NewSend } from '../../src/db/write-pipeline/send-store';
import { contactFrom, contactsAs, contactsTables } from './contacts';
import { multipart } from './social';
import { signUp } from './users';

export type Person = Awaited<ReturnType<typeof person>>;

/** A text message's row as a send stores it, but for its seq (taken from the chat). */
export function newSendRow(
  chatId: string,
  senderId: string,
  content: string,
  clientId = randomUUID(),
) {
  return {
    id: randomUUID(),
    chat_id: chatId,
    sender_id: senderId,
    client_id: clientId,
    content,
    content_type: 'text',
    attachment: null,
    created_at: Date.now(),
    edited_at: null,
    deleted: 0,
    revision: 0,
    reply_to_id: null,
    forward: null,
    ai_payload: null,
  } satisfies NewSend;
}

/** A fresh signed-up user with the social API as they call it. */
export async function person(app: FastifyInstance) {
  const signed = await signUp(app);
  return { ...signed, contacts: contactsAs(app, signed.cookie), api: socialAs(app, signed.cookie) };
}

/** Two friends (a request sent and accepted through the API) and their chat's id. */
export async function friends(app: FastifyInstance) {
  const alice = await person(app);
  const bob = await person(app);
  return { alice, bob, ...(await befriend(alice, bob)) };
}

/** `a` sends `b` a friend request that `b` accepts: their chat's id and the request's. */
export async function befriend(a: Person, b: Person) {
  const request = await a.contacts.send(b.user.username);
  const accepted = contactFrom(await b.contacts.action('accept', request.id));
  if (!accepted.chatId) throw new Error('accepting made no chat');
  return { chatId: accepted.chatId, contactId: accepted.id };
}

/** The social chat API through app.inject with one user's cookie; paths from the protocol. */
export function socialAs(app: FastifyInstance, cookie: string) {
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: unknown) =>
    app.inject({
      method,
      url: `/api${path}`,
      headers: { cookie },
      ...(payload !== undefined && { payload: payload as object }),
    });
  return {
    call,
    send: (chatId: string, body: Record<string, unknown>) =>
      call('POST', socialChatApiPaths.messages(chatId), body),
    /** Sends a text and returns the stored message, failing the test on any error. */
    async say(chatId: string, content: string, clientId: string = randomUUID()) {
      return dataOf<{ newMessage: SocialMessage }>(
        await call('POST', socialChatApiPaths.messages(chatId), { content, clientId }),
      ).newMessage;
    },
    /** The user's chat list entry for one chat. */
    async chat(chatId: string) {
      const { chats } = dataOf<{ chats: SocialChat[] }>(
        await call('GET', socialChatApiPaths.chats),
      );
      return chats.find((c) => c._id === chatId);
    },
    page: (chatId: string, query = '') =>
      call('GET', `${socialChatApiPaths.messages(chatId)}${query}`),
  };
}

export function dataOf<T>(response: LightMyRequestResponse): T {
  if (response.statusCode !== 200)
    throw new Error(`expected 200, got ${response.statusCode}: ${response.body}`);
  return response.json<{ data: T }>().data;
}

/** Everything the social chat stores, to show that a refused call changed nothing. */
export async function socialTables(app: FastifyInstance) {
  return {
    ...(await contactsTables(app)),
    messages: await app.database.db.selectFrom('messages').selectAll().orderBy('id').execute(),
  };
}

/**
 * A message and an uploaded text file sent by `cookie`'s user to their chat: the ids the
 * security suites aim their requests at.
 */
export async function chatContent(app: FastifyInstance, cookie: string, chatId: string) {
  const message = await socialAs(app, cookie).say(chatId, 'hello');
  const form = await multipart([
    ['chatId', chatId],
    ['file', { bytes: 'plain words', filename: 'notes.txt' }],
  ]);
  const uploaded = await app.inject({
    method: 'POST',
    url: `/api${socialChatApiPaths.upload}`,
    headers: { ...form.headers, cookie },
    payload: form.payload,
  });
  const { file } = dataOf<{ file: { id: string } }>(uploaded);
  return { chatId, messageId: message._id, fileId: file.id };
}
