import type { AxiosError } from 'axios';
import { apiClient } from '../client';
import type {
  ReportArchiveResponse,
  ReportFileFormat,
  ReportQuery,
  ReportResponse,
  YearReportResponse,
} from '../contracts';
import { definedParams } from './query-params';
import { apiGet } from './request';

/** GET /v1/spso/reports: totals, averages per printer and the printer rows of a year or one of its months. */
export function getReport(query: ReportQuery, signal?: AbortSignal): Promise<ReportResponse> {
  return apiGet<ReportResponse>('/v1/spso/reports', { params: definedParams(query), signal });
}

/** GET /v1/spso/viewReport?year: the 12 monthly total pages of a year, January first. */
export function getYearReport(year: number, signal?: AbortSignal): Promise<YearReportResponse> {
  return apiGet<YearReportResponse>('/v1/spso/viewReport', { params: { year }, signal });
}

/** GET /v1/spso/report-archive: the stored period reports, newest period first. */
export function getReportArchive(signal?: AbortSignal): Promise<ReportArchiveResponse> {
  return apiGet<ReportArchiveResponse>('/v1/spso/report-archive', { signal });
}

/** A downloaded file and the name the server gave it. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

/** The file name of a Content-Disposition header (RFC 6266 `filename*` first), or `fallback`. */
export function fileNameOf(disposition: unknown, fallback: string): string {
  if (typeof disposition !== 'string') return fallback;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // a malformed escape: fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  return plain?.[1]?.trim() || fallback;
}

/**
 * GET /v1/spso/report-archive/:id?format=: a stored report as a file, through the one client (the bearer
 * token travels in the header, never in a URL). A refusal rejects with the axios error, its JSON envelope
 * read back from the blob so that apiErrorMessage shows the server's message.
 */
export function downloadStoredReport(id: string, format: ReportFileFormat): Promise<DownloadedFile> {
  return downloadFile(`/v1/spso/report-archive/${encodeURIComponent(id)}`, { format }, `report-${id}.${format}`);
}

/**
 * GET /v1/spso/report-download: the report being viewed (a year, or a month of it), live, as a file,
 * without looking for it in the archive.
 */
export function downloadLiveReport(
  query: { year: number; month: number | null; sortDirection?: 1 | -1 },
  format: ReportFileFormat,
): Promise<DownloadedFile> {
  const params = { year: query.year, month: query.month ?? 'all', sortDirection: query.sortDirection ?? 1, format };
  const period = query.month ? `${query.year}-${String(query.month).padStart(2, '0')}` : String(query.year);
  return downloadFile('/v1/spso/report-download', params, `bao-cao-${period}.${format}`);
}

/** A file through the one client (the bearer token in the header); a refusal's JSON read back from its blob. */
async function downloadFile(url: string, params: Record<string, unknown>, fallback: string): Promise<DownloadedFile> {
  try {
    const response = await apiClient.get<Blob>(url, { params, responseType: 'blob' });
    const headers = response.headers as Record<string, unknown> | undefined;
    const data = response.data;
    const blob = data instanceof Blob ? data : new Blob([data as BlobPart]);
    return { blob, fileName: fileNameOf(headers?.['content-disposition'], fallback) };
  } catch (error) {
    const response = (error as AxiosError).response;
    if (response && response.data instanceof Blob) {
      try {
        response.data = JSON.parse(await blobText(response.data)) as unknown;
      } catch {
        // not JSON: the caller's fallback text is shown
      }
    }
    throw error;
  }
}

function blobText(blob: Blob): Promise<string> {
  if (typeof blob.text === 'function') return blob.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

/** Saves a downloaded file in the browser: a temporary object URL clicked as a download link. */
export function saveFile({ blob, fileName }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The browser has started the download once click() returns; the URL is let go a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
