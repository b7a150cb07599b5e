import type { NoticeListResponse, NoticesSeenResponse } from '../contracts';
import { useSessionStore } from '../session-store';
import { apiGet, apiPut } from './request';

/** The two roles that read notices; each has its own route prefix (/v1/staff, /v1/spso). */
export type NoticeRole = 'staff' | 'spso';

/** True for the roles that have notices (never a student). */
export function isNoticeRole(role: unknown): role is NoticeRole {
  return role === 'staff' || role === 'spso';
}

/** GET /v1/{staff|spso}/notices: one page of the reader's notices, newest first, with the unseen count. */
export function getNotices(
  role: NoticeRole,
  page: number,
  perPage: number,
  signal?: AbortSignal,
): Promise<NoticeListResponse> {
  return apiGet<NoticeListResponse>(`/v1/${role}/notices`, { params: { page, per_page: perPage }, signal });
}

/** PUT /v1/{staff|spso}/notices/seen: every notice of the reader becomes seen ({ news: 0 }). */
export function markNoticesSeen(role: NoticeRole): Promise<NoticesSeenResponse> {
  return apiPut<NoticesSeenResponse>(`/v1/${role}/notices/seen`);
}

let latestCount = 0;

/**
 * Fetches the signed-in reader's count of new notices (the smallest page) into the session store: the
 * badge of the Notices menu item. Nothing for a student or a signed-out tab. Of overlapping calls only
 * the last one's answer is kept; a failure is only logged (spec section 8: notice errors show nothing).
 */
export async function refreshNoticeCount(): Promise<void> {
  const role = useSessionStore.getState().role;
  if (!isNoticeRole(role)) return;
  const call = ++latestCount;
  try {
    const { news } = await getNotices(role, 1, 1);
    const state = useSessionStore.getState();
    if (call === latestCount && state.role === role) state.setNewNotices(news ?? 0);
  } catch (error) {
    console.warn('notice count unavailable', error);
  }
}
