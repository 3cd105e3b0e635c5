type Listener = (event: MediaQueryListEvent) => void;

/** A MediaQueryList whose `matches` a test can change, firing `change` like a browser. */
class FakeMediaQueryList extends EventTarget {
  matches = false;
  readonly onchange = null;

  constructor(readonly media: string) {
    super();
  }

  // The deprecated listener API, which some libraries still call.
  addListener(listener: Listener): void {
    this.addEventListener('change', listener as EventListener);
  }

  removeListener(listener: Listener): void {
    this.removeEventListener('change', listener as EventListener);
  }

  set(matches: boolean): void {
    this.matches = matches;
    const event = new Event('change') as MediaQueryListEvent;
    Object.defineProperties(event, {
      matches: { value: matches },
      media: { value: this.media },
    });
    this.dispatchEvent(event);
  }
}

const lists = new Map<string, FakeMediaQueryList>();

export function mediaQuery(query: string): FakeMediaQueryList {
  let list = lists.get(query);
  if (!list) {
    list = new FakeMediaQueryList(query);
    lists.set(query, list);
  }
  return list;
}

/** jsdom has no matchMedia; install one every module sees from its first import on. */
export function installMatchMedia(): void {
  window.matchMedia = (query: string) => mediaQuery(query);
}

/** The operating system's dark setting, as the colour mode reads it. */
export const systemDark = {
  set: (dark: boolean) => mediaQuery('(prefers-color-scheme: dark)').set(dark),
};
