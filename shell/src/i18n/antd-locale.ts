import { useSyncExternalStore, type ComponentProps } from 'react';
import type { ConfigProvider } from 'antd';

/** antd's locale data (its own texts: a modal's OK, the date picker's months). A type: no antd loads here. */
export type AntdLocale = NonNullable<ComponentProps<typeof ConfigProvider>['locale']>;

let english: AntdLocale | null = null;
const listeners = new Set<() => void>();

/**
 * Loads antd's English locale, in the same step as the English texts (the Vietnamese one is bundled with
 * antd's providers). Plain data, no component: it is taken by path and loads in a chunk of its own.
 */
export async function loadEnglishAntdLocale(): Promise<void> {
  english = (await import('antd/es/locale/en_US')).default;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** antd's English locale once loaded (always before the page shows English), else null. */
export function useEnglishAntdLocale(): AntdLocale | null {
  return useSyncExternalStore(
    subscribe,
    () => english,
    () => english,
  );
}
