import type { Presence } from '@confab/protocol/social-chat';

/**
 * The newest presence heard of each user. Behind a load balancer a user's flips are announced
 * by whichever node counted them, and two announcements can cross: an "online" from the node
 * a tab reloaded onto can come before the "offline" of the node it left. Each carries a version
 * that grows with every flip, and the older one of the two is dropped.
 */
const newest = new Map<string, Presence>();

/** A `presence` event: false when it is older than one already heard of the same user. */
export function isCurrentPresence(presence: Presence): boolean {
  const known = newest.get(presence.userId);
  if (known && presence.version < known.version) return false;
  newest.set(presence.userId, presence);
  return true;
}

/** A `GET presence` reply, or the newer event heard while it was on its way. */
export function newerPresence(read: Presence): Presence {
  const known = newest.get(read.userId);
  if (known && read.version < known.version) return known;
  newest.set(read.userId, read);
  return read;
}

/** A new page load, for tests. */
export function forgetPresenceOrder(): void {
  newest.clear();
}
