/**
 * True when an Origin header names the host the request was sent to. URL parsing drops default
 * ports, so "http://host:80" and "http://host" compare equal.
 */
export function sameHost(origin: string, own: string): boolean {
  try {
    return new URL(origin).host === new URL(own).host;
  } catch {
    return false;
  }
}
