import type { AxiosRequestConfig } from 'axios';
import { apiClient } from '../client';
import type { ApiEnvelope } from '../contracts';

/**
 * The API's answers unwrapped in one place: every call goes through the one client (token, 410 refresh
 * and replay, 419 logout) and gives back the envelope's `data`; a refusal rejects with the axios error
 * (apiErrorMessage reads its Vietnamese message).
 */
export async function apiGet<T>(url: string, config?: AxiosRequestConfig): Promise<T> {
  return (await apiClient.get<ApiEnvelope<T>>(url, config)).data.data;
}

export async function apiPost<T>(url: string, body?: unknown, config?: AxiosRequestConfig): Promise<T> {
  return (await apiClient.post<ApiEnvelope<T>>(url, body, config)).data.data;
}

export async function apiPut<T>(url: string, body?: unknown, config?: AxiosRequestConfig): Promise<T> {
  return (await apiClient.put<ApiEnvelope<T>>(url, body, config)).data.data;
}

export async function apiDelete<T>(url: string, config?: AxiosRequestConfig): Promise<T> {
  return (await apiClient.delete<ApiEnvelope<T>>(url, config)).data.data;
}
