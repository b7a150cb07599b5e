import type {
  ExtendJobRequest,
  HeldJobResponse,
  MoveJobRequest,
  StudentReleaseRequest,
  StudentReleaseResponse,
} from '../contracts';
import { apiPost, apiPut } from './request';

/**
 * POST /v1/student/release: releases the caller's held jobs at a printer with the station's code (read
 * from its QR or its screen): one job with `printingLogId`, else every held job of theirs there. Answers
 * the released jobs as they are now (Queued, or printing). Refusals (an old code, the device in error,
 * too many tries) reject with the server's Vietnamese message (apiErrorMessage).
 */
export function releaseHeldJobs(request: StudentReleaseRequest): Promise<StudentReleaseResponse> {
  return apiPost<StudentReleaseResponse>('/v1/student/release', request);
}

/**
 * PUT /v1/student/move: a Held or Queued job of the caller's goes to another printer (same cost, the file
 * is not sent again). A printer that cannot take it answers 422 with the reason.
 */
export function moveJob(request: MoveJobRequest): Promise<HeldJobResponse> {
  return apiPut<HeldJobResponse>('/v1/student/move', request);
}

/** PUT /v1/student/extend: a Held job waits 30 minutes more (once; a second time is refused). */
export function extendHeldJob(request: ExtendJobRequest): Promise<HeldJobResponse> {
  return apiPut<HeldJobResponse>('/v1/student/extend', request);
}
