/**
 * A query without its empty values: the server reads an absent parameter as "all" (or its default), so
 * null, undefined and '' are left out rather than sent as text.
 */
export function definedParams(query: object): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params[key] = value as string | number;
  }
  return params;
}
