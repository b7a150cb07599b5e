import { lazy, type ComponentType } from 'react';
import { loadedModule, loadOnce } from './first-page';

/**
 * A page in its own chunk, like React.lazy, that renders at once when its chunk has already arrived
 * (preloaded by first-page.ts): no Suspense fallback, so no reveal throttle before the first paint.
 */
export function preloadable<P extends object>(loader: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> {
  const Lazy = lazy(() => loadOnce(loader));
  function Preloadable(props: P) {
    const Loaded = loadedModule(loader)?.default;
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return Preloadable;
}
