import type { AiBridge } from '@/lib/ai-bridge/ai-bridge';

// The AI chat's model access, loaded on first use: the engine and the catalogue are not part of
// any page's start.
const load = () => import('@/features/ai-chat/actions/ask-model').then((m) => m.askModelBridge);

/** The user's own model for the features that ask it (lib/ai-bridge). */
export const appAiBridge: AiBridge = {
  modelState: async () => (await load()).modelState(),
  ask: async (options) => (await load()).ask(options),
  continueShared: async (payload) => (await load()).continueShared(payload),
  costOf: async (usage) => (await load()).costOf(usage),
};
