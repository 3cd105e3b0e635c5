/**
 * The key of an unordered pair of users: "{smaller id}:{larger id}". Friend requests and
 * private chats are unique per pair key, so (a, b) and (b, a) are one row.
 */
export function pairKey(a: string, b: string): string {
  return a < b ? `${a}:${b}` : `${b}:${a}`;
}
