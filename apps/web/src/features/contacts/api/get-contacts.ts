import {
  contactListReplyDataSchema,
  contactsApiPaths,
  type Contact,
} from '@confab/protocol/contacts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { socialRequest } from '@/lib/social-api/social-api-client';

/**
 * `GET /api/chat-social-msg/contacts/list`: every request the user takes part in; with
 * `waiting`, only those waiting for the user's answer, which every page counts for its
 * notifications (the whole list of a user with a thousand friends is 80 kB).
 */
export async function getContacts(signal?: AbortSignal, waiting = false): Promise<Contact[]> {
  const path = waiting ? `${contactsApiPaths.list}?waiting=incoming` : contactsApiPaths.list;
  const reply = await socialRequest(path, {
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

export const waitingRequestsQueryOptions = queryOptions({
  queryKey: ['contacts', 'waiting'] as const,
  queryFn: ({ signal }) => getContacts(signal, true),
  retry: false,
});

export function useContacts() {
  return useQuery(contactsQueryOptions);
}
