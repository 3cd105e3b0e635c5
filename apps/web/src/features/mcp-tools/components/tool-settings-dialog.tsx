import { Wrench } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogCloseButton,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { preloadable } from '@/lib/preloadable';
import { useOAuthResult } from '../hooks/use-oauth-result';
import type { ToolSwitches } from './server-tools';

// The servers' settings (forms, sign-in, their tools) load when first opened, not with the page.
const ToolSettings = preloadable(() => import('./tool-settings').then((m) => m.ToolSettings));

/**
 * The "Tools" button of the chat screen and the settings it opens: open at once when the
 * browser comes back from signing in to a server, with the outcome.
 */
export function ToolSettingsDialog({ switches }: { switches: ToolSwitches }) {
  const { t } = useTranslation('mcpTools');
  const [result, clearResult] = useOAuthResult();
  const [open, setOpen] = useState(result !== null);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        // Opened once its code is there, whole, with the focus on its first control.
        const show = () => setOpen(true);
        if (next) void ToolSettings.load().then(show, show);
        else setOpen(false);
        if (!next && result) clearResult();
      }}
    >
      <DialogTrigger asChild>
        {/* Icon only on phones, like the chat toolbar's other buttons. */}
        <Button variant="outline" size="sm" title={t('settings.open')}>
          <Wrench aria-hidden className="size-4" />
          <span className="sr-only md:not-sr-only">{t('settings.open')}</span>
        </Button>
      </DialogTrigger>
      <DialogContent className="w-[min(94vw,48rem)]">
        <DialogCloseButton label={t('settings.close')} />
        <DialogTitle className="pr-8">{t('settings.title')}</DialogTitle>
        <DialogDescription>{t('settings.description')}</DialogDescription>
        <ToolSettings switches={switches} oauthResult={result} />
      </DialogContent>
    </Dialog>
  );
}
