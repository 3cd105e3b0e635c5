import { PresenceLabel } from '@/components/presence-label';
import { usePresence } from '@/lib/presence/use-presence';

/** A friend's presence under their name: online, last seen, or unknown while disconnected. */
export function FriendPresence({ userId }: { userId: string }) {
  return <PresenceLabel presence={usePresence(userId)} />;
}
