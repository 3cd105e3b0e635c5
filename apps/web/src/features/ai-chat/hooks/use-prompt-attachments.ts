/**
 * The attachments waiting in the composer (docs/product.md#prompt-attachments): files added by
 * the attach button, a paste or a drop are read one after the other; what is refused is told,
 * named, and not attached.
 */
import type { AiChat } from '@confab/protocol/ai-chat';
import type { StoredSettings } from '@confab/protocol/ai-settings';
import type { PromptAttachment } from '@confab/protocol/prompt-attachments';
import { useEffect, useRef, useState } from 'react';
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
  /**
   * Hands over what is attached and empties the tray (on send), once the files still being read
   * are in; null when the chat's model cannot take the images waiting (each is refused by name
   * and stays, so that the user can change the model or remove them).
   */
  take: () => Promise<PromptAttachment[] | null>;
  /**
   * Whether a send may go now: false, with each image refused by name, when images wait and the
   * chat's model (as it is now, perhaps changed since they were added) cannot take them.
   */
  checkSend: () => boolean;
}

export function usePromptAttachments(
  settings: StoredSettings,
  chat: Pick<AiChat, 'id' | 'model' | 'provider'> | null,
): PromptAttachments {
  const [items, setItems] = useState<PromptAttachment[]>([]);
  const [reading, setReading] = useState<string[]>([]);
  const [refusals, setRefusals] = useState<Refusal[]>([]);
  // What is attached or being read, for the count limit across adds still running.
  const count = useRef(0);
  // The tray as last changed, ahead of a render: a send reads it right after reads finish.
  const itemsRef = useRef(items);
  const commit = (next: PromptAttachment[]) => {
    itemsRef.current = next;
    setItems(next);
  };
  // The reads still running: a send waits for them, so that no file is left for the next prompt.
  const reads = useRef<Promise<void>>(Promise.resolve());
  // Bumped when the tray is emptied for another chat: reads begun before it are dropped.
  const generation = useRef(0);
  const chatRef = useRef(chat);
  chatRef.current = chat;
  const settingsRef = useRef(settings);
  settingsRef.current = settings;

  // The tray belongs to the chat it was filled in: opening another empties it.
  const chatId = chat?.id ?? null;
  useEffect(() => {
    generation.current += 1;
    count.current = 0;
    itemsRef.current = [];
    setItems([]);
    setReading([]);
    setRefusals([]);
  }, [chatId]);

  // Whether the chat's model takes images, as it is now; null while not known. Asked only while
  // images wait: for an Ollama model it is a request to Ollama.
  const [vision, setVision] = useState<boolean | null>(null);
  const imagesWait = items.some((a) => a.kind === 'image');
  useEffect(() => {
    setVision(null);
    if (!imagesWait) return;
    let current = true;
    void modelSeesImages(settings, chat)
      .catch(() => false)
      .then((sees) => current && setVision(sees));
    return () => {
      current = false;
    };
  }, [settings, chat, imagesWait]);

  const add = (files: readonly File[]) => {
    if (!files.length) return Promise.resolve();
    const read = readAll(files);
    reads.current = reads.current.then(() => read);
    return read;
  };

  const readAll = async (files: readonly File[]) => {
    const started = generation.current;
    const chat = chatRef.current;
    const settings = settingsRef.current;
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
      if (generation.current !== started) return;
      setReading((r) => r.filter((_, i) => i !== r.indexOf(file.name)));
      if (outcome.ok) {
        commit([...itemsRef.current, outcome.attachment]);
      } else {
        count.current -= 1;
        setRefusals((list) => [...list, outcome.refusal]);
      }
    }
  };

  const remove = (index: number) => {
    count.current = Math.max(0, count.current - 1);
    commit(itemsRef.current.filter((_, i) => i !== index));
  };

  const refuseImages = (images: readonly PromptAttachment[]) => {
    const chat = chatRef.current;
    const model = chat ? chatModel(chat, chatProvider(chat, settingsRef.current)) : '';
    setRefusals(images.map((a) => ({ reason: 'noVision' as const, name: a.name, model })));
  };

  const checkSend = () => {
    const images = itemsRef.current.filter((a) => a.kind === 'image');
    if (!images.length || vision !== false) return true;
    refuseImages(images);
    return false;
  };

  const take = async () => {
    await reads.current;
    const taken = itemsRef.current;
    const images = taken.filter((a) => a.kind === 'image');
    // The model may have changed since the images were added: they are never dropped unsaid.
    if (
      images.length &&
      !(await modelSeesImages(settingsRef.current, chatRef.current).catch(() => false))
    ) {
      refuseImages(images);
      return null;
    }
    count.current = 0;
    commit([]);
    setRefusals([]);
    return taken;
  };

  return {
    items,
    reading,
    refusals,
    add,
    remove,
    dismissRefusals: () => setRefusals([]),
    take,
    checkSend,
  };
}
