import type {
  ReleaseStationCreated,
  ReleaseStationListResponse,
  StationCodeResponse,
  StationReleasedJob,
} from '../contracts';
import { apiDelete, apiGet, apiPost } from './request';

/** The header a release station sends its key in (no user token: a station is no signed-in user). */
export const STATION_TOKEN_HEADER = 'X-Station-Token';

/** GET /v1/spso/release-station?printerId=: an officer lists a printer's stations (never their keys). */
export function getReleaseStations(printerId: string, signal?: AbortSignal): Promise<ReleaseStationListResponse> {
  return apiGet<ReleaseStationListResponse>('/v1/spso/release-station', { params: { printerId }, signal });
}

/** POST /v1/spso/release-station: a new station for the printer; its key comes back once, never again. */
export function createReleaseStation(printerId: string): Promise<ReleaseStationCreated> {
  return apiPost<ReleaseStationCreated>('/v1/spso/release-station', { printerId });
}

/** DELETE /v1/spso/release-station: the station's key stops working at once (404 when revoked already). */
export function revokeReleaseStation(stationId: string): Promise<null> {
  return apiDelete<null>('/v1/spso/release-station', { data: { stationId } });
}

/**
 * GET /v1/release-station/code as the station whose key is `token`: the code it shows now and when it
 * changes. 401 (STATION_TOKEN_INVALID) for a key unknown or revoked.
 */
export function getStationCode(token: string, signal?: AbortSignal): Promise<StationCodeResponse> {
  return apiGet<StationCodeResponse>('/v1/release-station/code', {
    headers: { [STATION_TOKEN_HEADER]: token },
    signal,
  });
}

/**
 * POST /v1/release-station/release as the station: the held job whose release code was typed goes to the
 * printer's queue. 422 for a wrong code (the server says nothing of other jobs) or a printer in error, 429
 * for too many tries, 401 for a revoked key.
 */
export function releaseAtStation(token: string, releaseCode: string): Promise<StationReleasedJob> {
  return apiPost<StationReleasedJob>(
    '/v1/release-station/release',
    { releaseCode },
    {
      headers: { [STATION_TOKEN_HEADER]: token },
    },
  );
}
