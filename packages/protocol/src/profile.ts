import { z } from 'zod';
import { limits } from './limits';

/**
 * Display names and avatars (docs/product.md#identity). The username stays the sign-in name;
 * the display name is what others see beside it, in any script.
 */

/**
 * Characters a display name never keeps: C0/C1 controls, line and paragraph separators, and
 * every bidirectional control (marks, embeddings, overrides, isolates), which could make a name
 * read as something else. Zero-width joiners stay: emoji sequences need them.
 */
const removedCharacters =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\ufeff]/gu;

/** A display name as stored: unsafe characters removed, spaces collapsed, trimmed. */
export function cleanDisplayName(raw: string): string {
  return raw
    .normalize('NFC')
    .replace(/\s+/gu, ' ')
    .replace(removedCharacters, '')
    .replace(/\s+/gu, ' ')
    .trim();
}

export const displayNameEmptyMessage = 'A display name needs at least one visible character';
export const displayNameTooLongMessage = `A display name has at most ${limits.displayNameMax} characters`;

export const displayNameSchema = z
  .string({ error: 'Give a display name' })
  // Before cleaning: a cap on what is read at all.
  .max(limits.displayNameMax * 8, displayNameTooLongMessage)
  .transform(cleanDisplayName)
  .refine((name) => name.length > 0, displayNameEmptyMessage)
  .refine((name) => Array.from(name).length <= limits.displayNameMax, displayNameTooLongMessage);

/** `PUT /api/_auth/profile` {displayName}: null clears it (others see the username again). */
export const updateProfileBodySchema = z.strictObject({
  displayName: displayNameSchema.nullable(),
});
export type UpdateProfileBody = z.input<typeof updateProfileBodySchema>;

/** A user as others see them: the sign-in name, the display name and the avatar's address. */
export const profileSchema = z.object({
  userId: z.string(),
  username: z.string(),
  displayName: z.string().nullable(),
  /** Changes with every new picture (a version in the query), null without one. */
  avatarUrl: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

/** Avatar types, found in the content (never the name or the declared type). */
export const avatarMimeTypes = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type AvatarMimeType = (typeof avatarMimeTypes)[number];

export const profilePaths = {
  /** GET the signed-in user's own profile, PUT {displayName}. */
  profile: '/api/_auth/profile',
  /** PUT the image's bytes (Content-Type image/png, image/jpeg or image/webp); DELETE removes. */
  avatar: '/api/_auth/avatar',
  /** GET someone's avatar: themselves, contacts, chat partners and pending requesters only. */
  userAvatar: '/api/chat-social-msg/users/:userId/avatar',
} as const;

export const userAvatarUrl = (userId: string, version: number) =>
  `/api/chat-social-msg/users/${encodeURIComponent(userId)}/avatar?v=${version}`;

export const userParamsSchema = z.strictObject({
  userId: z.string().min(1, 'Give a user id').max(limits.idMax, 'Too long to be a user id'),
});

/** Server → client `profileUpdated`: someone the viewer knows changed name or picture. */
export const profileUpdatedPayloadSchema = profileSchema;
export type ProfileUpdatedPayload = Profile;
