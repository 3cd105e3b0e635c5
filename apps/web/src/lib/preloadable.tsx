import { Suspense, use, type ComponentType, type JSX, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';

/** A component whose code loads on demand, and `load`, which its opener awaits first. */
export type Preloadable<P extends object> = ((props: P) => JSX.Element) & {
  /** Loads the code (once; after a failure, again). */
  load: () => Promise<void>;
};

type Fetching = <T>(load: () => Promise<T>) => () => Promise<T>;

// How a panel's code is fetched. The app makes it the way its routes' chunks are fetched
// (`lazyRoute`: during an outage it waits for the server, after a new deployment it reloads the
// page), which this module cannot import.
let fetching: Fetching = (load) => load;

/** Sets how a panel's code is fetched (the app does, with its router). */
export function fetchPanelCodeWith(next: Fetching): void {
  fetching = next;
}

/**
 * A panel or dialog whose code loads when it is first opened, not with the page: its opener
 * awaits `load()` before it opens it, so the panel shows whole at once, and its focus goes where
 * it would without the split. Shown before its code is there (opened some other way), it waits
 * behind `fallback`: a spinner (in a panel), or nothing (a dialog, which shows once loaded).
 */
export function preloadable<P extends object>(
  importer: () => Promise<ComponentType<P>>,
  fallback: ReactNode = <Loading />,
): Preloadable<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<void> | null = null;
  let failed = false;
  // A failed load is tried again by the next `load()`, that is the next opening; not by
  // rendering, which would try again at every render while the network is down.
  const load = () => {
    if (loading && !failed) return loading;
    failed = false;
    loading = fetching(importer)().then(
      (component) => {
        loaded = component;
      },
      (error: unknown) => {
        failed = true;
        throw error;
      },
    );
    return loading;
  };
  // Waits for the code, then shows it. Its failure goes to the nearest error boundary.
  function Deferred(props: P) {
    use(loading ?? load());
    const Loaded = loaded as ComponentType<P>;
    return <Loaded {...props} />;
  }
  function PreloadableComponent(props: P) {
    const Loaded = loaded;
    if (Loaded) return <Loaded {...props} />;
    return (
      <Suspense fallback={fallback}>
        <Deferred {...props} />
      </Suspense>
    );
  }
  return Object.assign(PreloadableComponent, { load });
}

function Loading() {
  const { t } = useTranslation();
  return <Spinner label={t('loading')} className="self-center p-4" />;
}
