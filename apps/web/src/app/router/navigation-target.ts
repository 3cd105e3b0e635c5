export interface TargetLocation {
  pathname: string;
  search: string;
  hash: string;
}

let source: () => TargetLocation = () => window.location;

/**
 * Where the app is going: the location of the navigation in progress, else the current one.
 * The router registers itself here once created; before that (the first load) the address bar
 * is the target.
 */
export function navigationTarget(): TargetLocation {
  return source();
}

export function setNavigationTargetSource(next: () => TargetLocation): void {
  source = next;
}
