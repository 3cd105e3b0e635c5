import { randomUUID } from 'node:crypto';

/**
 * A UUID of version 7 (RFC 9562): the first 48 bits are the time in milliseconds, the rest
 * random. Rows keyed by these ids are added at the end of their index instead of at a random
 * page of it, so a commit of many messages writes a few pages, not one per message (random v4
 * ids made each send cost more as the table grew). Not for secrets: session tokens come from
 * lib/session-token.
 */
export const newId = (): string => {
  const time = Date.now().toString(16).padStart(12, '0');
  // A v4 UUID gives the random part and the variant bits; its version digit becomes 7.
  return `${time.slice(0, 8)}-${time.slice(8)}-7${randomUUID().slice(15)}`;
};
