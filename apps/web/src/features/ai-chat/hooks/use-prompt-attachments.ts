/**
 * The attachments waiting in the composer (docs/product.md#prompt-attachments): files added by
 * the attach button, a paste or a drop are read one after the other; what is refused is told,
 * named, and not attached.
 */
import type { AiChat } from '@confab/protocol/ai-chat';
import type { StoredSettings } from '@confab/protocol/ai-settings';
import type { PromptAttachment } from '@confab/protocol/prompt-attachments';
import { useCallback, useRef, useState } from 'react';
import { attachmentKind, type Refusal } from '../lib/attachment-rules';
import { modelSeesImages } from '../engine/model-vision';
import { chatModel } from '../engine/request-building';
import { readAttachment, type ReadOutcome } from '../lib/read-attachment';
import { chatProvider } from '../lib/chat-provider';

export interface PromptAttachments {
  items: PromptAttachment[];
  /** Names of the files being read. */
  reading: string[];
  refusals: Refusal[];
  add: (files: readonly File[]) => Promise<void>;
  remove: (index: number) => void;
  dismissRefusals: () => void;
  /** Hands over what is attached and empties the tray (on send). */
  take: () => PromptAttachment[];
}

export function usePromptAttachments(
  settings: StoredSettings,
  chat: Pick<AiChat, 'model' | 'provider'> | null,
): PromptAttachments {
  const [items, setItems] = useState<PromptAttachment[]>([]);
  const [reading, setReading] = useState<string[]>([]);
  const [refusals, setRefusals] = useState<Refusal[]>([]);
  // What is attached or being read, for the count limit across adds still running.
  const count = useRef(0);
  const itemsRef = useRef(items);
  itemsRef.current = items;

  const add = useCallback(
    async (files: readonly File[]) => {
      if (!files.length) return;
      setRefusals([]);
      const provider = chatProvider(chat, settings);
      const model = chat ? chatModel(chat, provider) : provider.model;
      // Not known (the engine's chunk failed to load): taken as without vision.
      const vision = files.some((f) => attachmentKind(f.name, f.type) === 'image')
        ? await modelSeesImages(settings, chat).catch(() => false)
        : false;
      for (const file of files) {
        setReading((r) => [...r, file.name]);
        const pending = count.current;
        // Its place is held while it is read, so that adds running at once keep the limit.
        count.current += 1;
        const outcome = await readAttachment(file, { vision, model, pending }).catch(
          (): ReadOutcome => ({ ok: false, refusal: { reason: 'unreadable', name: file.name } }),
        );
        setReading((r) => r.filter((_, i) => i !== r.indexOf(file.name)));
        if (outcome.ok) {
          setItems((list) => [...list, outcome.attachment]);
        } else {
          count.current -= 1;
          setRefusals((list) => [...list, outcome.refusal]);
        }
      }
    },
    [settings, chat],
  );

  const remove = useCallback((index: number) => {
    count.current = Math.max(0, count.current - 1);
    setItems((list) => list.filter((_, i) => i !== index));
  }, []);

  const take = useCallback(() => {
    const taken = itemsRef.current;
    count.current = 0;
    setItems([]);
    setRefusals([]);
    return taken;
  }, []);

  return {
    items,
    reading,
    refusals,
    add,
    remove,
    dismissRefusals: useCallback(() => setRefusals([]), []),
    take,
  };
}
