/**
 * A window `width` px wide as far as matchMedia('(max-width: Npx)') is concerned (jsdom has no layout).
 * `setWindowWidth(Infinity)` answers every query false, as a plain desktop.
 */
export function setWindowWidth(width: number): void {
  window.matchMedia = (query: string): MediaQueryList =>
    ({
      matches: width <= Number(/max-width:\s*(\d+)px/.exec(query)?.[1] ?? Infinity),
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
