import { limits } from '@confab/protocol/limits';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isPresent } from '@/components/chat-input/input-rules';
import { Button } from '@/components/ui/button';

/** Edits one's own message in place: the same length rule as the input; Escape cancels. */
export function MessageEditor({
  initial,
  saving,
  onSave,
  onCancel,
}: {
  initial: string;
  saving: boolean;
  onSave: (content: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('socialChat');
  const [text, setText] = useState(initial);
  const canSave = isPresent(text) && text.trim() !== initial && !saving;
  return (
    <form
      className="flex w-full flex-col gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (canSave) onSave(text.trim());
      }}
    >
      <textarea
        aria-label={t('edit.label')}
        value={text}
        maxLength={limits.chatInputMax}
        rows={3}
        autoFocus
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') onCancel();
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            if (canSave) onSave(text.trim());
          }
        }}
        className="w-full resize-none rounded-md border border-border bg-surface p-2 text-sm text-fg"
      />
      <div className="flex justify-end gap-2">
        <Button size="sm" variant="ghost" onClick={onCancel}>
          {t('edit.cancel')}
        </Button>
        <Button size="sm" type="submit" disabled={!canSave}>
          {t('edit.save')}
        </Button>
      </div>
    </form>
  );
}
