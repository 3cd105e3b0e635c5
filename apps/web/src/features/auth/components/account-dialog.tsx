import { changePasswordBodySchema } from '@confab/protocol/auth';
import { limits } from '@confab/protocol/limits';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/toast-store';
import { isApiError } from '@/lib/api-error';
import { useChangePassword, useSignOutEverywhere } from '../hooks/use-account-security';
import { ProfileSection } from './profile-section';

const fields = ['currentPassword', 'newPassword', 'repeatPassword'] as const;
type Field = (typeof fields)[number];
type Errors = Partial<Record<Field, string>>;

/**
 * The account section of the user menu: the display name and avatar, change the password (the
 * server signs out every other browser) and sign out everywhere.
 */
export function AccountDialog({
  username,
  open,
  onOpenChange,
}: {
  username: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const signOutEverywhere = useSignOutEverywhere();

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>{t('account.title')}</DialogTitle>
        <DialogDescription>{t('account.description', { username })}</DialogDescription>
        <ProfileSection username={username} />
        <section
          aria-labelledby="account-password"
          className="flex flex-col gap-3 border-t border-border pt-4"
        >
          <h3 id="account-password" className="font-medium">
            {t('account.passwordTitle')}
          </h3>
          <ChangePasswordForm />
        </section>
        <section
          aria-labelledby="account-sessions"
          className="flex flex-col gap-2 border-t border-border pt-4"
        >
          <h3 id="account-sessions" className="font-medium">
            {t('account.sessionsTitle')}
          </h3>
          <p className="text-sm text-fg-muted">{t('account.sessionsDescription')}</p>
          <div>
            <Button
              variant="danger"
              disabled={signOutEverywhere.isPending}
              onClick={() => setConfirming(true)}
            >
              {t('account.signOutEverywhere')}
            </Button>
          </div>
        </section>
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={t('account.confirmTitle')}
          description={t('account.confirmDescription')}
          confirmLabel={t('account.signOutEverywhere')}
          cancelLabel={t('account.cancel')}
          destructive
          onConfirm={() =>
            signOutEverywhere.mutate(undefined, {
              onError: () => toast({ title: t('account.signOutFailed'), variant: 'error' }),
            })
          }
        />
      </DialogContent>
    </Dialog>
  );
}

function ChangePasswordForm() {
  const { t } = useTranslation();
  const changePassword = useChangePassword();
  const [values, setValues] = useState<Record<Field, string>>({
    currentPassword: '',
    newPassword: '',
    repeatPassword: '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});

  const show = (found: Errors) => {
    setErrors(found);
    const first = fields.find((name) => found[name]);
    if (first) inputs.current[first]?.focus();
  };

  const check = (): Errors => {
    const found: Errors = {};
    const parsed = changePasswordBodySchema.safeParse({
      currentPassword: values.currentPassword,
      newPassword: values.newPassword,
    });
    for (const issue of parsed.error?.issues ?? []) {
      const field = issue.path[0] as Field;
      if (found[field]) continue;
      if (field === 'currentPassword') {
        found.currentPassword =
          issue.code === 'too_big'
            ? t('account.validation.tooLong', { max: limits.passwordMax })
            : t('account.validation.currentRequired');
      } else if (issue.code === 'too_small') {
        found.newPassword = t('account.validation.tooShort', { min: limits.passwordMin });
      } else if (issue.code === 'too_big') {
        found.newPassword = t('account.validation.tooLong', { max: limits.passwordMax });
      } else {
        found.newPassword = t('account.validation.same');
      }
    }
    if (!found.newPassword && values.repeatPassword !== values.newPassword) {
      found.repeatPassword = t('account.validation.mismatch');
    }
    return found;
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (changePassword.isPending) return;
    setFormError(null);
    setDone(null);
    const found = check();
    if (Object.keys(found).length > 0) {
      show(found);
      return;
    }
    setErrors({});
    changePassword.mutate(
      { currentPassword: values.currentPassword, newPassword: values.newPassword },
      {
        onSuccess: ({ endedSessions }) => {
          setValues({ currentPassword: '', newPassword: '', repeatPassword: '' });
          setDone(t('account.changed', { count: endedSessions }));
        },
        onError: (error) => {
          if (isApiError(error) && error.fields.currentPassword) {
            show({ currentPassword: t('account.errors.currentWrong') });
          } else if (isApiError(error) && error.code === 'RATE_LIMITED') {
            setFormError(t('account.errors.rateLimited'));
          } else if (isApiError(error) && error.statusCode === 0) {
            setFormError(t('account.errors.network'));
          } else {
            setFormError(t('account.errors.unknown'));
          }
        },
      },
    );
  };

  const fieldProps = (name: Field) => ({
    name,
    type: 'password',
    value: values[name],
    error: errors[name],
    ref: (element: HTMLInputElement | null) => {
      inputs.current[name] = element;
    },
    onChange: (event: { target: { value: string } }) => {
      const value = event.target.value;
      setValues((current) => ({ ...current, [name]: value }));
      setErrors((current) => ({ ...current, [name]: undefined }));
    },
  });

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3">
      <TextField
        label={t('account.currentPassword')}
        autoComplete="current-password"
        {...fieldProps('currentPassword')}
      />
      <TextField
        label={t('account.newPassword')}
        autoComplete="new-password"
        hint={t('account.newPasswordHint', { min: limits.passwordMin })}
        {...fieldProps('newPassword')}
      />
      <TextField
        label={t('account.repeatPassword')}
        autoComplete="new-password"
        {...fieldProps('repeatPassword')}
      />
      {formError ? (
        <p role="alert" className="text-sm text-error-text">
          {formError}
        </p>
      ) : null}
      {done ? (
        <p role="status" className="text-sm text-success">
          {done}
        </p>
      ) : null}
      <div>
        <Button type="submit" disabled={changePassword.isPending}>
          {t('account.submit')}
        </Button>
      </div>
    </form>
  );
}
