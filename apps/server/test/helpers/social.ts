import type { FastifyInstance } from 'fastify';
import { contactFrom, contactsAs } from './contacts';
import { signUp } from './users';

export type Person = Awaited<ReturnType<typeof signUp>>;

/** Two users who are friends, with their one-to-one chat. */
export async function friendsWithChat(app: FastifyInstance) {
  const alice = await signUp(app);
  const bob = await signUp(app);
  const request = await contactsAs(app, alice.cookie).send(bob.user.username);
  const accepted = contactFrom(await contactsAs(app, bob.cookie).action('accept', request.id));
  if (!accepted.chatId) throw new Error('accepting created no chat');
  return { alice, bob, chatId: accepted.chatId, contactId: request.id };
}

/**
 * A multipart/form-data body, serialised by the platform's own FormData (as a browser would
 * send it), for `app.inject`.
 */
export async function multipart(
  parts: [name: string, value: string | { bytes: Uint8Array | string; filename: string }][],
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of parts) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([value.bytes]), value.filename);
  }
  const request = new Request('http://127.0.0.1/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}
