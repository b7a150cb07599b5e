import { filterRoutesForRole } from 'shared-ui';
import type { RouteAccess } from 'shared-api';

const routes: { path: string; access: RouteAccess }[] = [
  { path: '/Home', access: 'all' },
  { path: '/Support', access: 'all' },
  { path: '/Printing', access: 'student' },
  { path: '/History', access: 'student' },
  { path: '/ManageStaff', access: 'staff' },
  { path: '/NoticeStaff', access: 'staff' },
  { path: '/ManageSpso', access: 'spso' },
  { path: '/Config', access: 'spso' },
];
const paths = (list: { path: string }[]) => list.map((r) => r.path);

describe('filterRoutesForRole (spec: a route exists only for its role or for all)', () => {
  it('student: the routes of all and of students, in order', () => {
    expect(paths(filterRoutesForRole(routes, 'student'))).toEqual(['/Home', '/Support', '/Printing', '/History']);
  });

  it('staff: the routes of all and of staff', () => {
    expect(paths(filterRoutesForRole(routes, 'staff'))).toEqual(['/Home', '/Support', '/ManageStaff', '/NoticeStaff']);
  });

  it('spso: the routes of all and of spso', () => {
    expect(paths(filterRoutesForRole(routes, 'spso'))).toEqual(['/Home', '/Support', '/ManageSpso', '/Config']);
  });

  it('no role (null or undefined): no route at all, not even the "all" ones', () => {
    expect(filterRoutesForRole(routes, null)).toEqual([]);
    expect(filterRoutesForRole(routes, undefined)).toEqual([]);
  });

  it('an unknown role: no route at all', () => {
    // A role the server might send that the portal does not know.
    expect(filterRoutesForRole(routes, 'admin' as never)).toEqual([]);
    expect(filterRoutesForRole(routes, 'all' as never)).toEqual([]);
    expect(filterRoutesForRole(routes, '' as never)).toEqual([]);
  });

  it('keeps the route objects themselves (components travel with them)', () => {
    const [home] = filterRoutesForRole(routes, 'spso');
    expect(home).toBe(routes[0]);
  });
});
