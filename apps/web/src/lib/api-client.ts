import { errorMessages } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import { EMPRESA_TOAST_MS, storageKeys } from '@/config/constants';
import { isAuthRedirectExempt, paths } from '@/config/paths';
import { navigateTo } from './navigation';
import { clearSession, getToken } from './session';
import { showToast, toastStore } from './toast';

export interface FieldError {
  path: string;
  message: string;
}

/** A failed call: `message` is the server's pt-BR message, else the caller's fallback (spec 8). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | null;
  readonly fieldErrors: readonly FieldError[];

  constructor(message: string, status: number, code: string | null, fieldErrors: readonly FieldError[] = []) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fieldErrors = fieldErrors;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Shown when the server sends no message (network failure, empty or non-JSON error body). */
  fallback?: string;
  signal?: AbortSignal;
}

export const API_BASE = '/api';

interface ProblemBody {
  code?: unknown;
  message?: unknown;
  error?: unknown;
  errors?: unknown;
}

function readFieldErrors(value: unknown): FieldError[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (item): item is FieldError =>
      typeof item === 'object' &&
      item !== null &&
      typeof (item as FieldError).path === 'string' &&
      typeof (item as FieldError).message === 'string',
  );
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return undefined;
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

function isEmpresaRequired(status: number, body: ProblemBody): boolean {
  if (status !== 403) return false;
  if (body.code === 'EMPRESA_REQUIRED') return true;
  if (typeof body.error === 'string' && /empresa required/i.test(body.error)) return true;
  return typeof body.message === 'string' && /vinculad[oa] a uma empresa/i.test(body.message);
}

function showEmpresaRequiredToast(): void {
  const alreadyShown = toastStore.get().some((toast) => toast.message === ui.empresaRequired);
  if (alreadyShown) return;
  showToast({
    message: ui.empresaRequired,
    variant: 'error',
    position: 'top-center',
    durationMs: EMPRESA_TOAST_MS,
  });
}

/** 401 anywhere except the exempt public paths: the session ends and the browser goes to /login. */
function handleUnauthorized(): void {
  if (isAuthRedirectExempt(window.location.pathname)) return;
  // Signed in until now: the login page says the session ended (QA pass 15: someone removed from the
  // company was sent to the login page with no word of why).
  if (getToken()) sessionStorage.setItem(storageKeys.sessionEnded, '1');
  clearSession();
  navigateTo(paths.auth.login.getHref());
}

/** The one API client: bearer from storage, cookies included, problem+json turned into ApiError. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, signal } = options;
  const fallback = options.fallback ?? errorMessages.INTERNAL;
  const headers: Record<string, string> = { Accept: 'application/json', ...authHeaders() };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      headers,
      credentials: 'include',
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(fallback, 0, null);
  }

  const data = await readBody(response);
  if (response.ok) return data as T;
  throw failure(response.status, data, fallback);
}

/** A non-2xx answer as ApiError, after the session and company side effects of spec 4 and 6. */
function failure(status: number, data: unknown, fallback: string): ApiError {
  const problem: ProblemBody = typeof data === 'object' && data !== null ? (data as ProblemBody) : {};
  if (status === 401) handleUnauthorized();
  if (isEmpresaRequired(status, problem)) showEmpresaRequiredToast();

  const serverMessage =
    typeof problem.message === 'string' && problem.message.trim() ? problem.message : null;
  return new ApiError(
    serverMessage ?? fallback,
    status,
    typeof problem.code === 'string' ? problem.code : null,
    readFieldErrors(problem.errors),
  );
}

function authHeaders(): Record<string, string> {
  const token = getToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

export interface UploadOptions {
  fallback?: string;
  /** Share of the request body sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * A multipart POST through XMLHttpRequest, the one browser API that reports upload progress; same
 * bearer, cookies and error handling as `apiRequest`.
 */
export function apiUpload<T>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  const fallback = options.fallback ?? errorMessages.INTERNAL;
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}${path}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(authHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      let data: unknown;
      if ((xhr.getResponseHeader('content-type') ?? '').includes('json')) {
        try {
          data = JSON.parse(xhr.responseText);
        } catch {
          data = undefined;
        }
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        options.onProgress?.(1);
        resolve(data as T);
      } else reject(failure(xhr.status, data, fallback));
    };
    xhr.onerror = () => reject(new ApiError(fallback, 0, null));
    xhr.onabort = () => reject(new DOMException('The upload was aborted.', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

export interface DownloadedFile {
  blob: Blob;
  /** From Content-Disposition, else null. */
  filename: string | null;
}

function filenameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const encoded = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain parameter
    }
  }
  return /filename\s*=\s*"?([^";]+)"?/i.exec(disposition)?.[1]?.trim() ?? null;
}

/** A file answer (e.g. an export) fetched with the session's bearer, as a Blob and its file name. */
export async function apiDownload(
  path: string,
  options: Omit<RequestOptions, 'method' | 'body'> = {},
): Promise<DownloadedFile> {
  const fallback = options.fallback ?? errorMessages.INTERNAL;
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      headers: { Accept: '*/*', ...authHeaders() },
      credentials: 'include',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(fallback, 0, null);
  }
  if (!response.ok) throw failure(response.status, await readBody(response), fallback);
  return { blob: await response.blob(), filename: filenameOf(response.headers.get('content-disposition')) };
}

/** Hands a Blob to the browser as a download (blob URL on a temporary link). */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

/** A 403 for a user without a company: the client already showed the company toast (spec 6). */
export function isEmpresaRequiredError(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    isEmpresaRequired(error.status, { code: error.code ?? undefined, message: error.message })
  );
}

/** The text to show for any error thrown by a call (ApiError already carries the right one). */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
}
