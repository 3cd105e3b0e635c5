import { Paperclip } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { acceptedFiles } from '../lib/send-rules';

/** Picks files or images to send (several at once); the caller checks them before anything leaves. */
export function AttachButton({ onPick }: { onPick: (files: File[]) => void }) {
  const { t } = useTranslation('socialChat');
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        data-testid="attach-input"
        accept={acceptedFiles}
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          // Emptied, so that picking the same file again is a change too.
          e.target.value = '';
          if (files.length) onPick(files);
        }}
      />
      <Button
        variant="ghost"
        size="icon"
        aria-label={t('file.attach')}
        onClick={() => input.current?.click()}
      >
        <Paperclip aria-hidden className="size-4" />
      </Button>
    </>
  );
}
