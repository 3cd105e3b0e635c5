import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Contact } from '@confab/protocol/contacts';
import { contactsPaths } from '@confab/protocol/contacts';

type Action = 'accept' | 'reject' | 'remove' | 'block' | 'unblock' | 'chat';

/** The contacts API as one signed-in user calls it (through app.inject, with their cookie). */
export function contactsAs(app: FastifyInstance, cookie: string) {
  const post = (url: string, payload: unknown) =>
    app.inject({ method: 'POST', url, headers: { cookie }, payload: payload as object });
  return {
    cookie,
    add: (receiverName: unknown) => post(contactsPaths.add, { receiverName }),
    action: (action: Action, contact: unknown) => post(contactsPaths[action], { contact }),
    post,
    listResponse: () => app.inject({ method: 'GET', url: contactsPaths.list, headers: { cookie } }),
    async list(): Promise<Contact[]> {
      const response = await this.listResponse();
      if (response.statusCode !== 200) throw new Error(`list failed: ${response.body}`);
      return response.json<{ data: { formattedContacts: Contact[] } }>().data.formattedContacts;
    },
    /** Sends a request and returns it, failing the test on any error. */
    async send(receiverName: string): Promise<Contact> {
      return contactFrom(await this.add(receiverName));
    },
  };
}

export function contactFrom(response: LightMyRequestResponse): Contact {
  if (response.statusCode !== 200)
    throw new Error(`expected 200, got ${response.statusCode}: ${response.body}`);
  return response.json<{ data: { contact: Contact } }>().data.contact;
}

/** Everything the contacts feature stores, to show that a refused call changed nothing. */
export async function contactsTables(app: FastifyInstance) {
  const db = app.database.db;
  return {
    requests: await db.selectFrom('friend_requests').selectAll().orderBy('id').execute(),
    chats: await db.selectFrom('chats').selectAll().orderBy('id').execute(),
    participants: await db
      .selectFrom('chat_participants')
      .selectAll()
      .orderBy('chat_id')
      .orderBy('user_id')
      .execute(),
  };
}
