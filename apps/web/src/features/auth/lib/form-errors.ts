import { limits } from '@confab/protocol/limits';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { isApiError } from '@/lib/api-error';
import { errorText } from '@/lib/error-text';

export type AuthField = 'username' | 'email' | 'password';
export type AuthForm = 'login' | 'register';
export type FieldErrors<F extends AuthField> = Partial<Record<F, string>>;

export interface FormErrors<F extends AuthField> {
  fields: FieldErrors<F>;
  /** A message about the whole form, shown above the button. */
  form: string | null;
}

type AuthT = TFunction<'auth'>;

/**
 * The catalog's message for a failed protocol schema check, so validation reads in the
 * interface language; the protocol's own messages are the English reference.
 */
function messageFor(
  form: AuthForm,
  field: AuthField,
  issue: z.core.$ZodIssue,
  value: string,
  t: AuthT,
): string {
  const empty = value.trim() === '';
  if (field === 'password') {
    if (issue.code === 'too_big')
      return t('validation.passwordTooLong', { max: limits.passwordMax });
    if (value === '') return t('validation.passwordRequired');
    return t('validation.passwordTooShort', { min: limits.passwordMin });
  }
  if (form === 'login') {
    return issue.code === 'too_big' ? t('validation.loginTooLong') : t('validation.loginRequired');
  }
  if (field === 'username') {
    if (empty || issue.code === 'too_small') return t('validation.usernameRequired');
    if (issue.code === 'too_big')
      return t('validation.usernameTooLong', { max: limits.usernameMax });
    return t('validation.usernamePattern');
  }
  if (empty) return t('validation.emailRequired');
  if (issue.code === 'too_big') return t('validation.emailTooLong');
  return t('validation.emailInvalid');
}

/** One message per field (the first problem found), from a failed `safeParse`. */
export function validationErrors<F extends AuthField>(
  form: AuthForm,
  error: z.ZodError,
  values: Record<F, string>,
  t: AuthT,
): FieldErrors<F> {
  const fields: FieldErrors<F> = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (typeof field !== 'string' || !(field in values)) continue;
    const name = field as F;
    fields[name] ??= messageFor(form, name, issue, values[name], t);
  }
  return fields;
}

/**
 * What to show for a failed login or registration. The code decides, never the message text:
 * a wrong password, a taken name or e-mail, the server's own field checks, rate limiting, and
 * the connection failing each get their own clear message.
 */
export function serverErrors<F extends AuthField>(
  error: unknown,
  fieldNames: readonly F[],
  t: AuthT,
): FormErrors<F> {
  if (!isApiError(error)) return { fields: {}, form: t('errors.unknown') };
  const fields: FieldErrors<F> = {};
  const known = (name: string): name is F => (fieldNames as readonly string[]).includes(name);
  // Field keys are dotted paths; the last part names the form field.
  const entries = Object.entries(error.fields).map(
    ([path, message]) => [path.split('.').pop() ?? path, message] as const,
  );

  if (error.code === 'UNAUTHENTICATED') return { fields, form: t('errors.invalidCredentials') };
  if (error.code === 'CONFLICT') {
    for (const [name] of entries) {
      if (name === 'username' && known(name)) fields[name] = t('errors.usernameTaken');
      if (name === 'email' && known(name)) fields[name] = t('errors.emailTaken');
    }
    return { fields, form: Object.keys(fields).length > 0 ? null : errorText(error) };
  }
  if (error.code === 'VALIDATION_ERROR') {
    const unplaced: string[] = [];
    for (const [name, message] of entries) {
      if (known(name)) fields[name] ??= message;
      else unplaced.push(message);
    }
    const form = Object.keys(fields).length === 0 || unplaced.length > 0 ? errorText(error) : null;
    return { fields, form };
  }
  if (error.code === 'RATE_LIMITED') return { fields, form: t('errors.rateLimited') };
  if (error.code === 'TIMEOUT') return { fields, form: t('errors.timeout') };
  if (error.statusCode === 0) return { fields, form: t('errors.network') };
  // A 5xx never carries a useful message; a 4xx from the server explains itself.
  return { fields, form: error.statusCode >= 500 ? t('errors.unknown') : errorText(error) };
}
