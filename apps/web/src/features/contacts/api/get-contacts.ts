import {
  contactListReplyDataSchema,
  contactsApiPaths,
  type Contact,
} from '@confab/protocol/contacts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { socialRequest } from '@/lib/social-api/social-api-client';

/** `GET /api/chat-social-msg/contacts/list`: every request the user takes part in. */
export async function getContacts(signal?: AbortSignal): Promise<Contact[]> {
  const reply = await socialRequest(contactsApiPaths.list, {
    data: contactListReplyDataSchema,
    signal,
  });
  return reply.data.formattedContacts;
}

export const contactsQueryOptions = queryOptions({
  queryKey: ['contacts', 'list'] as const,
  queryFn: ({ signal }) => getContacts(signal),
  // The social API client already retries what is worth retrying.
  retry: false,
});

export function useContacts() {
  return useQuery(contactsQueryOptions);
}
