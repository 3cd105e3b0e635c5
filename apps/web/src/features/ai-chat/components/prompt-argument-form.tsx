import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import type { SlashPrompt } from '../lib/prompt-sources';

/**
 * The arguments of a chosen slash command, required ones marked; sending asks the server for the
 * prompt (its text goes into the composer). An error keeps the form open with what went wrong.
 */
export function PromptArgumentForm({
  prompt,
  onSubmit,
  onClose,
}: {
  prompt: SlashPrompt | null;
  /** Resolves when the prompt is in the composer; rejects with the text to show. */
  onSubmit: (args: Record<string, string>) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation('mindBox');
  const [values, setValues] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    const args = Object.fromEntries(Object.entries(values).filter(([, value]) => value.trim()));
    onSubmit(args).then(
      () => {
        setBusy(false);
        setValues({});
      },
      (error: unknown) => {
        setBusy(false);
        setFailure(error instanceof Error ? error.message : String(error));
      },
    );
  };
  return (
    <Dialog
      open={prompt !== null}
      onOpenChange={(open) => {
        if (open) return;
        setValues({});
        setFailure(null);
        onClose();
      }}
    >
      {prompt ? (
        <DialogContent data-testid="prompt-arguments">
          <DialogTitle className="font-mono break-words">/{prompt.name}</DialogTitle>
          <DialogDescription className="break-words">
            {prompt.description || t('slash.argumentsFor', { server: prompt.serverName })}
          </DialogDescription>
          <form className="flex flex-col gap-3" onSubmit={submit}>
            {prompt.arguments.map((argument) => {
              const id = `prompt-arg-${argument.name}`;
              return (
                <div key={argument.name} className="flex flex-col gap-1">
                  <label htmlFor={id} className="text-sm font-medium break-words">
                    {argument.title ?? argument.name}
                    {argument.required ? (
                      <span className="text-error-text" aria-hidden>
                        {' '}
                        *
                      </span>
                    ) : (
                      <span className="text-xs font-normal text-fg-muted">
                        {' '}
                        ({t('slash.optional')})
                      </span>
                    )}
                  </label>
                  <Input
                    id={id}
                    required={argument.required}
                    value={values[argument.name] ?? ''}
                    onChange={(event) =>
                      setValues((current) => ({ ...current, [argument.name]: event.target.value }))
                    }
                  />
                  {argument.description ? (
                    <span className="text-xs break-words text-fg-muted">
                      {argument.description}
                    </span>
                  ) : null}
                </div>
              );
            })}
            {failure ? (
              <Alert variant="error" role="alert" title={t('slash.fillFailed')}>
                {failure}
              </Alert>
            ) : null}
            <div className="flex justify-end gap-2">
              <Button
                type="button"
                variant="outline"
                onClick={() => {
                  setValues({});
                  setFailure(null);
                  onClose();
                }}
              >
                {t('slash.cancel')}
              </Button>
              <Button type="submit" disabled={busy}>
                {busy ? t('slash.filling') : t('slash.insert')}
              </Button>
            </div>
          </form>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
