/** The portal's list filters: what it sends for "no filter", sort directions, the facility. */

const NO_FILTER = new Set(['', 'all', 'null', 'undefined']);

/** Natural, accent-insensitive order of Vietnamese text and ids ('B1-2' before 'B1-10'). */
export const collator = new Intl.Collator('vi', { numeric: true, sensitivity: 'base' });

export function filterValue(value: string | undefined): string | null {
  if (value === undefined) return null;
  const trimmed = value.trim();
  return NO_FILTER.has(trimmed.toLowerCase()) ? null : trimmed;
}

export function direction(value: string | undefined, fallback: 1 | -1): 1 | -1 {
  const v = filterValue(value);
  return v === '1' ? 1 : v === '-1' ? -1 : fallback;
}

export function facilityFilter(value: string | undefined): 'CS1' | 'CS2' | null {
  const v = filterValue(value)?.toUpperCase();
  // the portal sends '100' for "any other location": no facility filter
  return v === 'CS1' || v === 'CS2' ? v : null;
}
