import { ArrowDownUp, Download, Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import type { ExportFormat } from '../hooks/use-chat-transfer';
import { JsonFileInput } from '@/components/ui/json-file-input';
import { DeviceOnlyConfirm, HistorySyncItems } from './history-sync-items';

/**
 * The chat menu: export this chat or all chats (JSON or Markdown), import an export file, and
 * where the AI chats are kept (synced with the account, or on this device only).
 */
export function ChatTransferMenu({
  activeId,
  hasChats,
  onExport,
  onImport,
}: {
  activeId: string | null;
  hasChats: boolean;
  onExport: (format: ExportFormat, chatId?: string) => void;
  onImport: (file: File) => void;
}) {
  const { t } = useTranslation('mindBox');
  const fileRef = useRef<HTMLInputElement>(null);
  const [askingDeviceOnly, setAskingDeviceOnly] = useState(false);
  const item = (label: string, format: ExportFormat, chatId?: string) => (
    <DropdownMenuItem
      disabled={chatId === undefined ? !hasChats : !activeId}
      onSelect={() => onExport(format, chatId)}
    >
      <Download aria-hidden className="size-4" />
      {label}
    </DropdownMenuItem>
  );
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          {/* Icon only where the toolbar is narrow, so the model picker keeps its room. */}
          <Button size="sm" variant="ghost" title={t('transfer.menu')}>
            <ArrowDownUp aria-hidden className="size-4" />
            <span className="sr-only 2xl:not-sr-only">{t('transfer.menu')}</span>
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent className="max-w-[92vw]">
          {item(t('transfer.exportChatJson'), 'json', activeId ?? '')}
          {item(t('transfer.exportChatMarkdown'), 'markdown', activeId ?? '')}
          {item(t('transfer.exportAllJson'), 'json')}
          {item(t('transfer.exportAllMarkdown'), 'markdown')}
          <DropdownMenuItem onSelect={() => fileRef.current?.click()}>
            <Upload aria-hidden className="size-4" />
            {t('transfer.import')}
          </DropdownMenuItem>
          <p className="px-2 pt-1 pb-1.5 text-xs text-fg-muted">{t('transfer.importHint')}</p>
          <HistorySyncItems onKeepOnDevice={() => setAskingDeviceOnly(true)} />
        </DropdownMenuContent>
      </DropdownMenu>
      <DeviceOnlyConfirm open={askingDeviceOnly} onOpenChange={setAskingDeviceOnly} />
      <JsonFileInput ref={fileRef} label={t('transfer.choose')} onFile={onImport} />
    </>
  );
}
