import type { Role, RouteAccess } from 'shared-api';

/**
 * The spec's route rule: a signed-in route is registered only when its role equals the user's role
 * or is 'all'; with no known role, none is.
 */
export function filterRoutesForRole<T extends { access: RouteAccess }>(routes: readonly T[], role: Role | null | undefined): T[] {
  if (!role) return [];
  return routes.filter((route) => route.access === 'all' || route.access === role);
}
