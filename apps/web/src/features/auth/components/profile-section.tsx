import { limits } from '@confab/protocol/limits';
import { cleanDisplayName } from '@confab/protocol/profile';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { errorText } from '@/lib/error-text';
import { useSession } from '@/lib/auth/use-session';
import {
  profileQueryOptions,
  useLiveProfile,
  useRemoveAvatar,
  useSetDisplayName,
  useUploadAvatar,
} from '../api/profile';
import { avatarInputTypes, resizeAvatar } from '../lib/resize-avatar';

type Notice = { kind: 'success' | 'error'; text: string } | null;

/**
 * The profile part of the account dialog (docs/product.md#identity): the display name others
 * see beside the username, and the avatar, resized in the browser before it is sent.
 */
export function ProfileSection({ username }: { username: string }) {
  const { t } = useTranslation();
  const { user } = useSession();
  useLiveProfile(user?.id ?? '');
  const profile = useQuery(profileQueryOptions);
  const setName = useSetDisplayName();
  const upload = useUploadAvatar();
  const remove = useRemoveAvatar();
  const [draft, setDraft] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const value = draft ?? profile.data?.displayName ?? '';
  const shown = profile.data?.displayName ?? username;
  const busy = setName.isPending || upload.isPending || remove.isPending;
  const failed = (error: unknown) => setNotice({ kind: 'error', text: errorText(error) });

  const saveName = (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    const cleaned = cleanDisplayName(value);
    if (value.trim() !== '' && cleaned === '') {
      setFieldError(t('account.profile.nameEmpty'));
      return;
    }
    if (Array.from(cleaned).length > limits.displayNameMax) {
      setFieldError(t('account.profile.nameTooLong', { max: limits.displayNameMax }));
      return;
    }
    setFieldError(null);
    setName.mutate(cleaned === '' ? null : cleaned, {
      onSuccess: () => {
        setDraft(null);
        setNotice({ kind: 'success', text: t('account.profile.nameSaved') });
      },
      onError: failed,
    });
  };

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setNotice(null);
    let picture: Blob;
    try {
      picture = await resizeAvatar(file);
    } catch {
      setNotice({ kind: 'error', text: t('account.profile.notAPicture') });
      return;
    }
    upload.mutate(picture, {
      onSuccess: () => setNotice({ kind: 'success', text: t('account.profile.pictureSaved') }),
      onError: failed,
    });
  };

  return (
    <section aria-labelledby="account-profile" className="flex flex-col gap-3">
      <h3 id="account-profile" className="font-medium">
        {t('account.profile.title')}
      </h3>
      <div className="flex items-center gap-3">
        <Avatar name={shown} src={profile.data?.avatarUrl} size={48} />
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={busy}
            onClick={() => fileInput.current?.click()}
          >
            {t('account.profile.choosePicture')}
          </Button>
          {profile.data?.avatarUrl ? (
            <Button
              variant="ghost"
              size="sm"
              disabled={busy}
              onClick={() =>
                remove.mutate(undefined, {
                  onSuccess: () =>
                    setNotice({ kind: 'success', text: t('account.profile.pictureRemoved') }),
                  onError: failed,
                })
              }
            >
              {t('account.profile.removePicture')}
            </Button>
          ) : null}
        </div>
        <input
          ref={fileInput}
          type="file"
          accept={avatarInputTypes}
          aria-label={t('account.profile.choosePicture')}
          className="hidden"
          onChange={(event) => {
            void choose(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </div>
      <form noValidate onSubmit={saveName} className="flex flex-col gap-2">
        <TextField
          label={t('account.profile.displayName')}
          name="displayName"
          autoComplete="nickname"
          value={value}
          placeholder={username}
          error={fieldError ?? undefined}
          hint={t('account.profile.displayNameHint', { username, max: limits.displayNameMax })}
          onChange={(event) => {
            setDraft(event.target.value);
            setFieldError(null);
            setNotice(null);
          }}
        />
        <div>
          <Button type="submit" size="sm" disabled={busy || draft === null}>
            {t('account.profile.saveName')}
          </Button>
        </div>
      </form>
      {notice ? (
        <Alert variant={notice.kind === 'success' ? 'success' : 'error'} title={notice.text} />
      ) : null}
    </section>
  );
}
