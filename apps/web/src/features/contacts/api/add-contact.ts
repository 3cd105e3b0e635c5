import {
  contactReplyDataSchema,
  contactsApiPaths,
  type AddContactBody,
  type Contact,
} from '@confab/protocol/contacts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { socialRequest } from '@/lib/social-api/social-api-client';
import { contactsQueryOptions } from './get-contacts';

/** `POST /api/chat-social-msg/contacts/add` {receiverName}: a username or an e-mail. */
export async function addContact(body: AddContactBody): Promise<Contact> {
  const reply = await socialRequest(contactsApiPaths.add, {
    method: 'POST',
    body,
    data: contactReplyDataSchema,
  });
  return reply.data.contact;
}

export function useAddContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addContact,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactsQueryOptions.queryKey }),
  });
}
