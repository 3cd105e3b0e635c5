import { z } from 'zod';
import { limits } from './limits';

export const roles = ['user', 'admin'] as const;
export type Role = (typeof roles)[number];

export const usernameSchema = z
  .string({ error: 'Username is required' })
  .trim()
  .min(1, 'Username is required')
  .max(limits.usernameMax, `Username must be at most ${limits.usernameMax} characters`)
  .regex(
    limits.usernamePattern,
    'Username may contain only letters, digits, underscore, dot and hyphen',
  );

export const emailSchema = z
  .string({ error: 'E-mail is required' })
  .trim()
  .max(limits.emailMax, 'E-mail is too long')
  .pipe(z.email('Enter a valid e-mail address'));

export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(limits.passwordMin, `Password must be at least ${limits.passwordMin} characters`)
  .max(limits.passwordMax, `Password must be at most ${limits.passwordMax} characters`);

export const registerBodySchema = z.strictObject({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const loginBodySchema = z.strictObject({
  /** A username or an e-mail address. */
  username: z
    .string({ error: 'Username or e-mail is required' })
    .trim()
    .min(1, 'Username or e-mail is required')
    .max(limits.emailMax, 'Username or e-mail is too long'),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(limits.passwordMax, `Password must be at most ${limits.passwordMax} characters`),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const sessionUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  role: z.enum(roles),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** `GET /api/_auth/session`: the user and login time when signed in, `{}` otherwise. */
export const sessionReplySchema = z.union([
  z.object({ user: sessionUserSchema, loggedInAt: z.string() }),
  z.object({}).strict(),
]);
export type SessionReply = z.infer<typeof sessionReplySchema>;
export type SignedInSession = { user: SessionUser; loggedInAt: string };

export function isSignedIn(session: SessionReply | undefined | null): session is SignedInSession {
  return !!session && 'user' in session;
}

export const logoutReplySchema = z.object({ ok: z.literal(true) });

/**
 * `POST /api/_auth/password`: changes the signed-in user's password. Every other session of
 * the user ends; the current one gets a new token (a fresh cookie), so a stolen cookie dies too.
 */
export const changePasswordBodySchema = z
  .strictObject({
    currentPassword: z
      .string({ error: 'Current password is required' })
      .min(1, 'Current password is required')
      .max(limits.passwordMax, `Password must be at most ${limits.passwordMax} characters`),
    newPassword: passwordSchema,
  })
  .refine((body) => body.newPassword !== body.currentPassword, {
    path: ['newPassword'],
    message: 'The new password must differ from the current one',
  });
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/** `POST /api/_auth/password`'s reply: the user's session as `GET /api/_auth/session` shows it. */
export const changePasswordReplySchema = z.object({
  user: sessionUserSchema,
  loggedInAt: z.string(),
  /** How many other sessions (browsers, devices) were signed out. */
  endedSessions: z.number().int().nonnegative(),
});
export type ChangePasswordReply = z.infer<typeof changePasswordReplySchema>;

/** `DELETE /api/_auth/sessions`: signs the user out on every browser and device. */
export const endAllSessionsReplySchema = z.object({
  ok: z.literal(true),
  endedSessions: z.number().int().nonnegative(),
});
export type EndAllSessionsReply = z.infer<typeof endAllSessionsReplySchema>;
