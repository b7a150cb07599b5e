/** A UUID as the database writes them (any version), for ids that come from outside. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A timestamp from the database (a Date, or text from some drivers) as an ISO 8601 UTC string. */
export function toIso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/** The same, keeping null. */
export function toIsoOrNull(value: Date | string | null): string | null {
  return value === null ? null : toIso(value);
}
