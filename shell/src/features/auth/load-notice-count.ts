import { apiGet, useSessionStore, type NoticeListResponse } from 'shared-api';

/**
 * After login, staff and spso learn how many notices are new (spec section 4). A failure is only
 * logged (spec section 8: notice errors show no message).
 */
export async function loadNoticeCount(): Promise<void> {
  const role = useSessionStore.getState().role;
  if (role !== 'staff' && role !== 'spso') return;
  try {
    const data = await apiGet<NoticeListResponse>(`/v1/${role}/notices`, { params: { page: 1, per_page: 1 } });
    useSessionStore.getState().setNewNotices(data.news ?? 0);
  } catch (error) {
    console.warn('notice count unavailable', error);
  }
}
