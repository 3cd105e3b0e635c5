import type { AiPreset } from '@confab/protocol/ai-presets';
import type { ProviderName } from '@confab/protocol/providers';
import { Copy, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { newId } from '../lib/new-id';
import { PresetForm } from './preset-form';

const presetLabel = (preset: AiPreset) =>
  preset.icon ? `${preset.icon} ${preset.name}` : preset.name;

/**
 * The presets (docs/product.md#presets): the user's own to edit (rename included) or delete,
 * after a confirmation; the built-in ones to copy into an own preset, which opens for editing.
 */
export function PresetManager({
  builtIns,
  own,
  activeProvider,
  providerModels,
  onSave,
  onDelete,
}: {
  builtIns: readonly AiPreset[];
  own: readonly AiPreset[];
  activeProvider: ProviderName;
  /** Each provider's own model: a preset's blank model means its provider's. */
  providerModels: Record<string, string>;
  /** Rejects with a translated message when the preset cannot be kept. */
  onSave: (preset: AiPreset) => Promise<void>;
  onDelete: (id: string) => Promise<void>;
}) {
  const { t } = useTranslation('mindBox');
  const [editing, setEditing] = useState<AiPreset | null>(null);
  const [deleting, setDeleting] = useState<AiPreset | null>(null);
  const [status, setStatus] = useState<string | null>(null);

  if (editing) {
    return (
      <section aria-label={t('presets.editTitle')} className="flex flex-col gap-3">
        <h3 className="text-base font-semibold">{t('presets.editTitle')}</h3>
        <PresetForm
          key={editing.id}
          preset={editing}
          activeProvider={activeProvider}
          providerModels={providerModels}
          onCancel={() => setEditing(null)}
          onSave={async (preset) => {
            await onSave(preset);
            setEditing(null);
            setStatus(t('presets.saved'));
          }}
        />
      </section>
    );
  }

  const copy = (preset: AiPreset) => {
    const now = Date.now();
    setStatus(null);
    // Not stored until saved: the copy opens in the form first.
    setEditing({
      ...preset,
      id: newId(),
      name: t('presets.copyName', { name: preset.name }),
      createdAt: now,
      updatedAt: now,
    });
  };

  return (
    <div className="flex flex-col gap-4">
      {status ? (
        <p role="status" className="text-sm text-fg-muted">
          {status}
        </p>
      ) : null}
      <section className="flex flex-col gap-2">
        <h3 className="text-sm font-medium">{t('presets.ownGroup')}</h3>
        {own.length ? (
          <ul className="flex flex-col gap-1">
            {own.map((preset) => (
              <li
                key={preset.id}
                className="flex items-center gap-2 rounded-md border border-border px-2 py-1.5"
              >
                <span className="min-w-0 flex-1 text-sm break-words">{presetLabel(preset)}</span>
                <Button
                  size="icon"
                  variant="ghost"
                  aria-label={t('presets.editLabel', { name: preset.name })}
                  title={t('presets.edit')}
                  onClick={() => {
                    setStatus(null);
                    setEditing(preset);
                  }}
                >
                  <Pencil aria-hidden className="size-4" />
                </Button>
                <Button
                  size="icon"
                  variant="ghost"
                  aria-label={t('presets.deleteLabel', { name: preset.name })}
                  title={t('presets.delete')}
                  onClick={() => setDeleting(preset)}
                >
                  <Trash2 aria-hidden className="size-4" />
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-fg-muted">{t('presets.none')}</p>
        )}
      </section>
      <section className="flex flex-col gap-2">
        <h3 className="text-sm font-medium">{t('presets.builtInGroup')}</h3>
        <p className="text-xs text-fg-muted">{t('presets.builtInNote')}</p>
        <ul className="flex flex-col gap-1">
          {builtIns.map((preset) => (
            <li
              key={preset.id}
              className="flex items-center gap-2 rounded-md border border-border px-2 py-1.5"
            >
              <span className="min-w-0 flex-1 text-sm break-words">{presetLabel(preset)}</span>
              <Button
                size="sm"
                variant="outline"
                aria-label={t('presets.copyLabel', { name: preset.name })}
                onClick={() => copy(preset)}
              >
                <Copy aria-hidden className="size-4" />
                {t('presets.copy')}
              </Button>
            </li>
          ))}
        </ul>
      </section>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('presets.deleteTitle')}
        description={t('presets.deleteConfirm', { name: deleting?.name ?? '' })}
        confirmLabel={t('presets.delete')}
        cancelLabel={t('presets.cancel')}
        destructive
        onConfirm={() => {
          if (deleting) void onDelete(deleting.id);
          setDeleting(null);
        }}
      />
    </div>
  );
}
