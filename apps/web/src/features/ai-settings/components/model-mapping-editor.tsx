import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';

/** Model label → the name sent instead (`modelMapping`, docs/product.md#browser-storage). */
export function ModelMappingEditor({
  mapping,
  onChange,
}: {
  mapping: Record<string, string>;
  onChange: (mapping: Record<string, string>) => void;
}) {
  const { t } = useTranslation('aiSettings');
  const [label, setLabel] = useState('');
  const [name, setName] = useState('');
  const entries = Object.entries(mapping);
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-medium">{t('mapping.title')}</legend>
      <p className="text-xs text-fg-muted">{t('mapping.hint')}</p>
      {entries.length ? (
        <ul className="flex flex-col gap-1">
          {entries.map(([from, to]) => (
            <li key={from} className="flex items-center gap-2 text-sm">
              <span className="flex-1 truncate">{from}</span>
              <span aria-hidden>→</span>
              <span className="flex-1 truncate">{to}</span>
              <Button
                size="icon"
                variant="ghost"
                className="size-7"
                aria-label={t('mapping.remove', { label: from })}
                onClick={() => {
                  const next = { ...mapping };
                  delete next[from];
                  onChange(next);
                }}
              >
                <Trash2 aria-hidden className="size-3.5" />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex items-center gap-2">
        <Input
          aria-label={t('mapping.label')}
          placeholder={t('mapping.label')}
          value={label}
          onChange={(e) => setLabel(e.target.value)}
        />
        <Input
          aria-label={t('mapping.name')}
          placeholder={t('mapping.name')}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <Button
          size="icon"
          variant="outline"
          aria-label={t('mapping.add')}
          disabled={!label.trim() || !name.trim()}
          onClick={() => {
            onChange({ ...mapping, [label.trim()]: name.trim() });
            setLabel('');
            setName('');
          }}
        >
          <Plus aria-hidden className="size-4" />
        </Button>
      </div>
    </fieldset>
  );
}
