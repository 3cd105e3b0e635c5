import { createStore } from 'zustand/vanilla';

export interface VersionState {
  /** The build this page runs, compiled in by the build (see build/build-meta-plugin.ts). */
  currentId: string;
  /** The newest build id the server reported, once checked. */
  latestId: string | null;
  /** A different build is deployed: the next navigation loads the page afresh. */
  updateReady: boolean;
  recordLatest: (latestId: string) => void;
}

export const versionStore = createStore<VersionState>()((set, get) => ({
  currentId: __BUILD_ID__,
  latestId: null,
  updateReady: false,
  recordLatest: (latestId) => set({ latestId, updateReady: latestId !== get().currentId }),
}));
