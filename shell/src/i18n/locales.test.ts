import en from './locales/en.json';
import vi from './locales/vi.json';

/** Every key path of a nested locale bundle, sorted. */
function keyPaths(bundle: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(bundle)
    .flatMap(([key, value]) =>
      value && typeof value === 'object'
        ? keyPaths(value as Record<string, unknown>, `${prefix}${key}.`)
        : [`${prefix}${key}`],
    )
    .sort();
}

describe('shell locale bundles', () => {
  it('Vietnamese and English have the same keys', () => {
    expect(keyPaths(en)).toEqual(keyPaths(vi));
  });

  it('no text is empty', () => {
    const empty = (bundle: Record<string, unknown>) =>
      keyPaths(bundle).filter((path) => {
        const value = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], bundle);
        return typeof value !== 'string' || value.trim() === '';
      });
    expect(empty(vi)).toEqual([]);
    expect(empty(en)).toEqual([]);
  });
});
