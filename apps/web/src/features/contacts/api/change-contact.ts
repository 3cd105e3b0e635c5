import {
  contactReplyDataSchema,
  contactsApiPaths,
  removeContactReplyDataSchema,
  unblockContactReplyDataSchema,
} from '@confab/protocol/contacts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { socialRequest } from '@/lib/social-api/social-api-client';
import { contactsQueryOptions } from './get-contacts';

/** The operations that change one request, each `POST contacts/{operation}` {contact: id}. */
export type ContactChangeOperation = 'accept' | 'reject' | 'remove' | 'block' | 'unblock';

export interface ContactChange {
  operation: ContactChangeOperation;
  contactId: string;
}

const replySchemas: Partial<
  Record<
    ContactChangeOperation,
    typeof removeContactReplyDataSchema | typeof unblockContactReplyDataSchema
  >
> = {
  remove: removeContactReplyDataSchema,
  unblock: unblockContactReplyDataSchema,
};

export async function changeContact({ operation, contactId }: ContactChange): Promise<void> {
  await socialRequest(contactsApiPaths[operation], {
    method: 'POST',
    body: { contact: contactId },
    data: replySchemas[operation] ?? contactReplyDataSchema,
  });
}

/**
 * Changes a request, then reloads the list: the list shows only what the server confirmed
 * (docs/product.md#friend-requests: a change applies only when the server answers 200).
 */
export function useChangeContact(options: {
  onError?: (error: Error, change: ContactChange) => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeContact,
    onError: options.onError,
    onSettled: () => queryClient.invalidateQueries({ queryKey: contactsQueryOptions.queryKey }),
  });
}
