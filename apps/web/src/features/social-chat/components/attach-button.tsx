import { uploadLimits } from '@confab/protocol/social-chat';
import { Paperclip } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/** Picks a file or image to send; the rules are checked by the caller before anything leaves. */
export function AttachButton({ onPick }: { onPick: (file: File) => void }) {
  const { t } = useTranslation('socialChat');
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        hidden
        data-testid="attach-input"
        accept={uploadLimits.mimeTypes.join(',')}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) onPick(file);
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
