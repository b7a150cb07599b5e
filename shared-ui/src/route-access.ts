import { isRole, type Role, type RouteAccess } from 'shared-api';

/**
 * The spec's route rule: a signed-in route is registered only when its role equals the user's role
 * or is 'all'; with no role, or a role the portal does not know, none is (only the public routes remain).
 */
export function filterRoutesForRole<T extends { access: RouteAccess }>(
  routes: readonly T[],
  role: Role | null | undefined,
): T[] {
  if (!isRole(role)) return [];
  return routes.filter((route) => route.access === 'all' || route.access === role);
}
