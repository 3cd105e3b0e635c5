import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { versionStore } from './version-store';

export function useVersion() {
  return useStore(
    versionStore,
    useShallow(({ currentId, latestId, updateReady }) => ({ currentId, latestId, updateReady })),
  );
}
