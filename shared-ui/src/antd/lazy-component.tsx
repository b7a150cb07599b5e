import { forwardRef, lazy, Suspense, type ComponentType, type ReactNode } from 'react';

/**
 * A component of antd fetched on first render instead of with the first signed-in page. The import
 * runs inside the shared antd module, so the lazy part uses the same antd instance (theme, locale,
 * message context) as the rest. Statics (`Table.Column`, `Select.Option`, …) are not available on a lazy
 * component: use the props (`columns`, `options`) or the separately exported parts (`RangePicker`, `Dragger`).
 */
export function lazyComponent<T>(load: () => Promise<{ default: T }>, fallback: ReactNode = null): T {
  // antd's component types are generic functions with statics; the wrapper forwards any props.
  type AnyComponent = ComponentType<Record<string, unknown>>;
  const Lazy = lazy(load as unknown as () => Promise<{ default: AnyComponent }>);
  const Wrapped = forwardRef<unknown, Record<string, unknown>>(function LazyAntd(props, ref) {
    return (
      <Suspense fallback={fallback}>
        <Lazy {...props} ref={ref} />
      </Suspense>
    );
  });
  return Wrapped as unknown as T;
}
