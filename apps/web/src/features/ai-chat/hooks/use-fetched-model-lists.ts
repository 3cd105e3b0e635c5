import type { ProviderSettings, StoredSettings } from '@confab/protocol/ai-settings';
import { useCallback, useState } from 'react';
import { fetchModelList } from '@/lib/provider-models/model-list';
import type { FetchedLists } from '../lib/picker-models';
import { readyProviders } from '../lib/picker-models';

/**
 * Lists fetched for this page, per provider and address: opening the picker again asks no
 * provider twice. Kept apart from the settings, so that opening a list never writes them.
 */
const fetchedLists = new Map<string, Promise<string[]>>();
const listKey = (p: ProviderSettings) => `${p.provider}\n${p.base.trim()}\n${p.key.trim()}`;

/**
 * The model lists the picker fetched for the ready providers whose settings hold none
 * (docs/product.md#model-picker), and whether some are still on their way.
 */
export function useFetchedModelLists(): {
  lists: FetchedLists;
  loading: boolean;
  load: (settings: StoredSettings) => void;
} {
  const [lists, setLists] = useState<FetchedLists>({});
  const [pending, setPending] = useState(0);
  const load = useCallback((settings: StoredSettings) => {
    const wanted = readyProviders(settings).filter(
      (name) => settings.api.providers[name].modelList.length === 0,
    );
    for (const name of wanted) {
      const provider = settings.api.providers[name];
      const key = listKey(provider);
      let request = fetchedLists.get(key);
      if (!request) {
        request = fetchModelList(provider);
        fetchedLists.set(key, request);
        // A provider that gave no list is asked again on the next opening.
        void request.then((list) => {
          if (!list.length) fetchedLists.delete(key);
        });
      }
      setPending((n) => n + 1);
      void request.then((list) => {
        setLists((current) => ({ ...current, [name]: list }));
        setPending((n) => n - 1);
      });
    }
  }, []);
  return { lists, loading: pending > 0, load };
}
