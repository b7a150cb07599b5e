import type { AxiosError } from 'axios';
import type { ApiEnvelope, SystemConfigUpdate, SystemConfigView } from '../contracts';
import { apiGet, apiPut } from './request';

const CONFIG_PATH = '/v1/spso/systemConfig';

/** GET /v1/spso/systemConfig: the configuration in force, its defaults, and the types this server cannot take. */
export function getSystemConfig(signal?: AbortSignal): Promise<SystemConfigView> {
  return apiGet<SystemConfigView>(CONFIG_PATH, { signal });
}

/**
 * PUT /v1/spso/systemConfig with the officer's own password: answers the configuration now in force.
 * Refusals: 422 WRONG_PASSWORD (isWrongPassword), 429 after too many wrong passwords, 400 naming a field.
 */
export function updateSystemConfig(update: SystemConfigUpdate): Promise<SystemConfigView> {
  return apiPut<SystemConfigView>(CONFIG_PATH, update);
}

/** True when the server refused the confirmation password (422 with code WRONG_PASSWORD). */
export function isWrongPassword(error: unknown): boolean {
  const response = (error as AxiosError<Partial<ApiEnvelope<unknown>>>)?.response;
  return response?.status === 422 && response.data?.code === 'WRONG_PASSWORD';
}
