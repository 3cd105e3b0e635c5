import { uploadLimits } from '@confab/protocol/social-chat';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fileProblem, formatSize } from '../lib/send-rules';

export interface PendingFiles {
  files: readonly File[];
  /** Why files were not added, one readable line each (en/zh). */
  refusals: readonly string[];
  add: (incoming: readonly File[]) => void;
  remove: (index: number) => void;
  /** Hands the files over for sending and empties the tray. */
  take: () => File[];
  dismiss: () => void;
}

/**
 * The files picked, pasted or dropped into the room and not sent yet. Each is checked on
 * arrival against the rules the server applies (type by name, size, at most
 * `uploadLimits.filesPerSend` at once), so a refused file never starts an upload.
 */
export function usePendingFiles(): PendingFiles {
  const { t } = useTranslation('socialChat');
  const [files, setFiles] = useState<File[]>([]);
  const [refusals, setRefusals] = useState<string[]>([]);

  const add = useCallback(
    (incoming: readonly File[]) => {
      setFiles((held) => {
        const kept = [...held];
        const refused: string[] = [];
        for (const file of incoming) {
          const problem = fileProblem(file);
          if (problem) {
            refused.push(
              t(`file.${problem}`, {
                name: file.name,
                type: file.type || t('file.unknownType'),
                max: formatSize(uploadLimits.maxBytes),
              }),
            );
          } else if (kept.length >= uploadLimits.filesPerSend) {
            refused.push(t('file.tooMany', { name: file.name, max: uploadLimits.filesPerSend }));
          } else {
            kept.push(file);
          }
        }
        setRefusals(refused);
        return kept;
      });
    },
    [t],
  );
  const remove = useCallback(
    (index: number) => setFiles((held) => held.filter((_, i) => i !== index)),
    [],
  );
  const take = useCallback(() => {
    const taken = files;
    setFiles([]);
    setRefusals([]);
    return taken;
  }, [files]);
  const dismiss = useCallback(() => setRefusals([]), []);
  return useMemo(
    () => ({ files, refusals, add, remove, take, dismiss }),
    [files, refusals, add, remove, take, dismiss],
  );
}
