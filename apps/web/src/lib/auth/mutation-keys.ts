/**
 * Marks a password change in flight: the socket code waits for it instead of reading the
 * session. Kept apart from the mutation so the first chunk does not load zod with it.
 */
export const changePasswordMutationKey = ['auth', 'changePassword'] as const;
