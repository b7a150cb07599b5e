import { apiClient } from '../client';
import type { ApiEnvelope, LoginRequest, LoginResponse, UserInfo } from '../contracts';
import { tokenStorage } from '../tokens';

/** POST /v1/user/login: stores both tokens on success. */
export async function login(body: LoginRequest): Promise<LoginResponse> {
  const res = await apiClient.post<ApiEnvelope<LoginResponse>>('/v1/user/login', body);
  tokenStorage.set(res.data.data.accessToken, res.data.data.refreshToken);
  return res.data.data;
}

/** GET /v1/user/information: the signed-in user's fields and role. */
export async function fetchUserInformation(): Promise<UserInfo> {
  const res = await apiClient.get<ApiEnvelope<UserInfo>>('/v1/user/information');
  return res.data.data;
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
