/**
 * Resolves once antd has loaded (the first part of the page that draws with it): what only matters
 * alongside antd (the check that shell and remote share one antd) waits for it instead of loading it.
 */
let markLoaded: () => void = () => undefined;
export const antdLoaded = new Promise<void>((resolve) => {
  markLoaded = resolve;
});

export function markAntdLoaded(): void {
  markLoaded();
}
