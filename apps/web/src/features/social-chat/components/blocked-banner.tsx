import { Ban } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BlockConfirmDialog } from '@/components/block-confirm-dialog';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { visibleText } from '@/lib/visible-text';
import { useUnblockChat } from '../api/unblock-chat';
import { errorText } from '@/lib/error-text';

/** Above the composer while the viewer has blocked this chat: says so and offers the unblock. */
export function BlockedBanner({ chatId, name }: { chatId: string; name: string }) {
  const { t } = useTranslation('socialChat');
  const textId = useId();
  const [confirming, setConfirming] = useState(false);
  const unblock = useUnblockChat(chatId, {
    onError: (error) =>
      toast({ title: t('blocked.failed'), description: errorText(error), variant: 'error' }),
  });
  return (
    <div
      role="status"
      aria-labelledby={textId}
      className="flex items-center gap-2 border-t border-border bg-surface-muted px-3 py-2 text-sm"
    >
      <Ban aria-hidden className="size-4 shrink-0 text-fg-muted" />
      <p id={textId} className="min-w-0 flex-1 break-words">
        {t('blocked.text', { name: visibleText(name) })}
      </p>
      <Button
        size="sm"
        variant="outline"
        disabled={unblock.isPending}
        onClick={() => setConfirming(true)}
      >
        {t('blocked.unblock')}
      </Button>
      {confirming ? (
        <BlockConfirmDialog
          change="unblock"
          name={name}
          onOpenChange={setConfirming}
          onConfirm={() => unblock.mutate()}
        />
      ) : null}
    </div>
  );
}
