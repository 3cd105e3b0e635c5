import { profilePaths, profileSchema, type Profile } from '@confab/protocol/profile';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { useRealtimeEvent } from '@/lib/realtime/use-realtime-event';

const parse = (json: unknown) => profileSchema.parse(json);

/** `GET /api/_auth/profile`: the signed-in user's display name and avatar. */
export const profileQueryOptions = queryOptions({
  queryKey: ['profile'],
  queryFn: ({ signal }) => apiFetch<Profile>(profilePaths.profile, { parse, signal }),
});

/** Keeps the profile current when another tab or device of the user changes it. */
export function useLiveProfile(userId: string): void {
  const queryClient = useQueryClient();
  useRealtimeEvent('profileUpdated', (profile) => {
    if (profile.userId === userId) queryClient.setQueryData(profileQueryOptions.queryKey, profile);
  });
}

function useProfileMutation<T>(call: (input: T) => Promise<Profile>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (profile) => queryClient.setQueryData(profileQueryOptions.queryKey, profile),
  });
}

/** `PUT /api/_auth/profile` {displayName}; null clears it. */
export const useSetDisplayName = () =>
  useProfileMutation((displayName: string | null) =>
    apiFetch<Profile>(profilePaths.profile, { method: 'PUT', body: { displayName }, parse }),
  );

/** `PUT /api/_auth/avatar` with the picture's bytes (already resized in the browser). */
export const useUploadAvatar = () =>
  useProfileMutation((picture: Blob) =>
    apiFetch<Profile>(profilePaths.avatar, {
      method: 'PUT',
      body: picture,
      parse,
      timeoutMs: 20_000,
    }),
  );

/** `DELETE /api/_auth/avatar`. */
export const useRemoveAvatar = () =>
  useProfileMutation(() => apiFetch<Profile>(profilePaths.avatar, { method: 'DELETE', parse }));
