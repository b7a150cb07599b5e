import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';

/**
 * What an axios adapter answers in tests: a response for 2xx, an AxiosError carrying the response
 * otherwise (as axios itself rejects), so the client's 410/419 handling and error messages run for real.
 */
export function answer(config: InternalAxiosRequestConfig, status: number, data: unknown): Promise<AxiosResponse> {
  const response: AxiosResponse = { status, statusText: String(status), data, headers: {}, config };
  if (status >= 200 && status < 300) return Promise.resolve(response);
  return Promise.reject(
    new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_REQUEST', config, {}, response),
  );
}
