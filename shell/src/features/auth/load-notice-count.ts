import { useEffect } from 'react';
import {
  isNoticeRole,
  refreshNoticeCount,
  SOCKET_EVENTS,
  useSocketEvent,
  useSocketReconnect,
  type Role,
} from 'shared-api';

/**
 * After login, staff and spso learn how many notices are new (spec section 4). A failure is only
 * logged (spec section 8: notice errors show no message).
 */
export function loadNoticeCount(): Promise<void> {
  return refreshNoticeCount();
}

/**
 * The Notices badge for the whole session: the count of new notices is fetched on sign-in (and after a
 * reload), then again on every update-notification-list (a new notice, or 'Xác nhận đã xem' in this tab
 * or another of the same user) and when the realtime connection comes back after being lost, so it
 * follows without a reload. Staff and spso only: a student neither asks nor listens.
 */
export function useNoticeCount(role: Role): void {
  const reader = isNoticeRole(role);
  useEffect(() => {
    if (reader) void loadNoticeCount();
  }, [role, reader]);
  useSocketEvent(reader ? SOCKET_EVENTS.updateNotificationList : null, () => {
    void loadNoticeCount();
  });
  // notices written while the connection was lost sent their event to no one: count again on its return
  useSocketReconnect(reader, () => {
    void loadNoticeCount();
  });
}
