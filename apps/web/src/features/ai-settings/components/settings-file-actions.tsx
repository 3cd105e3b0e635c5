import type { StoredSettings } from '@confab/protocol/ai-settings';
import { Download, Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { exportSettings, importSettings, SettingsImportError } from '../lib/settings-file';
import { getSettings } from '@/lib/stored-settings/settings-store';
import { JsonFileInput } from '@/components/ui/json-file-input';

/** Export the settings as a JSON file (keys only when asked) and import such a file. */
export function SettingsFileActions({
  onImported,
}: {
  onImported: (settings: StoredSettings) => void;
}) {
  const { t } = useTranslation('aiSettings');
  const [includeKeys, setIncludeKeys] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);

  const download = () => {
    const blob = new Blob([exportSettings(getSettings(), includeKeys)], {
      type: 'application/json',
    });
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = 'confab-settings.json';
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  const upload = async (file: File) => {
    try {
      const settings = await importSettings(await file.text());
      onImported(settings);
      setMessage({ ok: true, text: t('file.imported') });
    } catch (error) {
      const text = error instanceof SettingsImportError ? error.message : String(error);
      setMessage({ ok: false, text: t('file.importFailed', { message: text }) });
    }
  };

  return (
    <fieldset className="flex flex-col gap-2 border-t border-border pt-4">
      <legend className="text-sm font-medium">{t('file.title')}</legend>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={includeKeys}
          onChange={(e) => setIncludeKeys(e.target.checked)}
        />
        {t('file.includeKeys')}
      </label>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={download}>
          <Download aria-hidden className="size-4" />
          {t('file.export')}
        </Button>
        <JsonFileInput
          ref={fileRef}
          label={t('file.choose')}
          onFile={(file) => void upload(file)}
        />
        <Button variant="outline" onClick={() => fileRef.current?.click()}>
          <Upload aria-hidden className="size-4" />
          {t('file.import')}
        </Button>
      </div>
      {message ? (
        <p
          role={message.ok ? 'status' : 'alert'}
          className={message.ok ? 'text-sm text-fg-muted' : 'text-sm text-error-text'}
        >
          {message.text}
        </p>
      ) : null}
    </fieldset>
  );
}
