import { KeyRound, LockKeyhole } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { WrongPassphraseError } from '../lib/key-sealing';
import { useSettingsSyncStore } from '../stores/settings-sync-store';

/** The shortest passphrase accepted: it is all that protects the keys on the server. */
export const passphraseMin = 8;

type Action = () => Promise<void>;

/**
 * Key sync on the provider settings screen (docs/product.md#settings-and-key-sync): the opt-in
 * with a new passphrase, the unlock on another device, and turning it off. The sync engine is
 * loaded when an action needs it. `onKeysChanged` refreshes the screen's fields after an unlock.
 */
export function KeySyncSection({ onKeysChanged }: { onKeysChanged: () => void }) {
  const { t } = useTranslation('aiSettings');
  const { mode, serverHasKeys, keySync } = useSettingsSyncStore();
  if (mode === 'device') {
    return (
      <Section>
        <p className="text-sm text-fg-muted">{t('keySync.deviceOnly')}</p>
      </Section>
    );
  }
  if (mode === null) return null;
  if (keySync) return <KeySyncOn />;
  if (serverHasKeys) return <UnlockKeys onUnlocked={onKeysChanged} />;
  return <TurnOnKeySync />;
}

function Section({ children }: { children: ReactNode }) {
  const { t } = useTranslation('aiSettings');
  return (
    <fieldset className="flex flex-col gap-3 border-t border-border pt-4">
      <legend className="text-sm font-medium">{t('keySync.title')}</legend>
      {children}
    </fieldset>
  );
}

const engine = () => import('../lib/settings-sync/settings-sync');

/** Runs a key sync action with a busy state and the error it ended with. */
function useAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const run = async (action: Action) => {
    setBusy(true);
    setError(null);
    try {
      await action();
      return true;
    } catch (caught) {
      setError(caught);
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run };
}

function TurnOnKeySync() {
  const { t } = useTranslation('aiSettings');
  const [wanted, setWanted] = useState(false);
  const [passphrase, setPassphrase] = useState('');
  const [confirm, setConfirm] = useState('');
  const [invalid, setInvalid] = useState<'short' | 'mismatch' | null>(null);
  const { busy, error, run } = useAction();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (passphrase.length < passphraseMin) return setInvalid('short');
    if (passphrase !== confirm) return setInvalid('mismatch');
    setInvalid(null);
    await run(async () => (await engine()).turnOnKeySync(passphrase));
  };

  return (
    <Section>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={wanted} onChange={(e) => setWanted(e.target.checked)} />
        {t('keySync.optIn')}
      </label>
      {wanted ? (
        <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-3">
          <p className="text-sm text-fg-muted">{t('keySync.explain')}</p>
          <TextField
            label={t('keySync.passphrase')}
            type="password"
            autoComplete="new-password"
            value={passphrase}
            error={invalid === 'short' ? t('keySync.tooShort', { min: passphraseMin }) : undefined}
            hint={t('keySync.passphraseHint', { min: passphraseMin })}
            onChange={(e) => setPassphrase(e.target.value)}
          />
          <TextField
            label={t('keySync.confirm')}
            type="password"
            autoComplete="new-password"
            value={confirm}
            error={invalid === 'mismatch' ? t('keySync.mismatch') : undefined}
            onChange={(e) => setConfirm(e.target.value)}
          />
          <Alert variant="warning" title={t('keySync.noRecovery')} />
          <div>
            <Button type="submit" disabled={busy}>
              <KeyRound aria-hidden className="size-4" />
              {t('keySync.turnOn')}
            </Button>
          </div>
          {error ? (
            <p role="alert" className="text-sm text-error-text">
              {t('keySync.failed')}
            </p>
          ) : null}
        </form>
      ) : null}
    </Section>
  );
}

function UnlockKeys({ onUnlocked }: { onUnlocked: () => void }) {
  const { t } = useTranslation('aiSettings');
  const [passphrase, setPassphrase] = useState('');
  const { busy, error, run } = useAction();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await run(async () => (await engine()).unlockSyncedKeys(passphrase))) onUnlocked();
  };

  return (
    <Section>
      <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-3">
        <p className="text-sm">{t('keySync.unlockPrompt')}</p>
        <TextField
          label={t('keySync.passphrase')}
          type="password"
          autoComplete="current-password"
          value={passphrase}
          error={
            error
              ? error instanceof WrongPassphraseError
                ? t('keySync.wrongPassphrase')
                : t('keySync.failed')
              : undefined
          }
          onChange={(e) => setPassphrase(e.target.value)}
        />
        <div>
          <Button type="submit" disabled={busy || passphrase.length === 0}>
            <LockKeyhole aria-hidden className="size-4" />
            {t('keySync.unlock')}
          </Button>
        </div>
      </form>
    </Section>
  );
}

function KeySyncOn() {
  const { t } = useTranslation('aiSettings');
  const { busy, error, run } = useAction();
  return (
    <Section>
      <p className="text-sm">{t('keySync.on')}</p>
      <div>
        <Button
          variant="outline"
          disabled={busy}
          onClick={() => void run(async () => (await engine()).turnOffKeySync())}
        >
          {t('keySync.turnOff')}
        </Button>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-error-text">
          {t('keySync.failed')}
        </p>
      ) : null}
    </Section>
  );
}
