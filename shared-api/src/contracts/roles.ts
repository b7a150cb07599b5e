/** The three roles of the product. 'all' in a route means every signed-in role. */
export const ROLES = ['student', 'staff', 'spso'] as const;
export type Role = (typeof ROLES)[number];
export type RouteAccess = Role | 'all';

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}
