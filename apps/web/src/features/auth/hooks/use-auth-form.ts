import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  serverErrors,
  validationErrors,
  type AuthField,
  type AuthForm,
  type FieldErrors,
} from '../lib/form-errors';

interface Options<F extends AuthField, B> {
  form: AuthForm;
  fields: readonly F[];
  /**
   * The protocol schema of the body. It is loaded when the visitor starts on the form (the
   * schema library is not needed to show the page) and awaited on submit.
   */
  loadSchema: () => Promise<z.ZodType<B>>;
  /** Sends the checked body; rejects with an ApiError. */
  submit: (body: B) => Promise<void>;
  /** Leaves the page (a full load of the target); the button stays busy until it is gone. */
  onSuccess: () => void;
}

/**
 * State of a login or registration form: values, a message per field, one for the whole form.
 * The protocol schema checks the values before anything is sent; the first field with a
 * problem gets the focus, so a screen reader announces it with its message.
 */
export function useAuthForm<F extends AuthField, B>({
  form,
  fields,
  loadSchema,
  submit,
  onSuccess,
}: Options<F, B>) {
  const { t } = useTranslation('auth');
  const [values, setValues] = useState(
    () => Object.fromEntries(fields.map((name) => [name, ''])) as Record<F, string>,
  );
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const inputs = useRef<Partial<Record<F, HTMLInputElement | null>>>({});

  // The button stays busy after a success while the page is left; a page the browser brings
  // back from its back-forward cache (the visitor went back) is usable again.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setSubmitting(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const focusFirstInvalid = (found: FieldErrors<F>) => {
    const first = fields.find((name) => found[name]);
    if (first) inputs.current[first]?.focus();
  };

  const fieldProps = (name: F) => ({
    name,
    value: values[name],
    error: errors[name],
    ref: (element: HTMLInputElement | null) => {
      inputs.current[name] = element;
    },
    onChange: (event: { target: { value: string } }) => {
      const value = event.target.value;
      setValues((current) => ({ ...current, [name]: value }));
      // The message described the old value; a new one deserves a fresh check on submit.
      setErrors((current) => ({ ...current, [name]: undefined }));
    },
  });

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    setFormError(null);
    let schema: z.ZodType<B>;
    try {
      schema = await loadSchema();
    } catch {
      setFormError(t('errors.network'));
      return;
    }
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      const found = validationErrors(form, parsed.error, values, t);
      setErrors(found);
      focusFirstInvalid(found);
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      await submit(parsed.data);
    } catch (error) {
      const found = serverErrors(error, fields, t);
      setErrors(found.fields);
      setFormError(found.form);
      focusFirstInvalid(found.fields);
      setSubmitting(false);
      return;
    }
    onSuccess();
  };

  const preload = () => {
    loadSchema().catch(() => undefined);
  };

  return { fieldProps, formError, submitting, handleSubmit, preload };
}
