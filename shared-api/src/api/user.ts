import { apiClient } from '../client';
import type { LoginRequest, LoginResponse, UserInfo } from '../contracts';
import { apiGet, apiPost } from './request';
import { tokenStorage } from '../tokens';

/** POST /v1/user/login: stores both tokens on success. */
export async function login(body: LoginRequest): Promise<LoginResponse> {
  const data = await apiPost<LoginResponse>('/v1/user/login', body);
  tokenStorage.set(data.accessToken, data.refreshToken);
  return data;
}

/** GET /v1/user/information: the signed-in user's fields and role. */
export async function fetchUserInformation(): Promise<UserInfo> {
  return apiGet<UserInfo>('/v1/user/information');
}

/** POST /v1/user/logout: revokes the login on the server; tokens are cleared whatever it answers. */
export async function logout(): Promise<void> {
  const refreshToken = tokenStorage.getRefresh();
  try {
    if (refreshToken) await apiClient.post('/v1/user/logout', { refreshToken });
  } finally {
    tokenStorage.clear();
  }
}
