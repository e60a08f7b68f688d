import { i18n } from '@lingui/core';
import type { ApiResponse } from '@rxbridge/contracts';
import { tokenStorage } from './token-storage';

export const API_ROOT = '/api/v1';

/** A failed call, with the message chosen by the rule of docs/product.md. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    readonly fields?: Record<string, string>,
    /**
     * False for an answer without a body to read (a proxy's HTML error page): `message` ("HTTP Error: 502") is then
     * for the console only, and messageOf words it for the screen.
     */
    readonly readable = true,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** A failure the app itself detects (a login answer without the user, no stored login), worded for the person. */
export class UserFacingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UserFacingError';
  }
}

/** Called after any 401 so the auth state can log the user out; `code` tells an idle session apart. */
let onUnauthorized: ((code?: string) => void) | null = null;
export function setUnauthorizedHandler(handler: ((code?: string) => void) | null) {
  onUnauthorized = handler;
}

/** error.message (or error when it is a string), else message, else 'Request failed'. */
export function errorMessageOf(body: unknown): string {
  const b = (body ?? {}) as { error?: unknown; message?: unknown };
  if (typeof b.error === 'string' && b.error) return b.error;
  const nested = (b.error as { message?: unknown } | undefined)?.message;
  if (typeof nested === 'string' && nested) return nested;
  if (typeof b.message === 'string' && b.message) return b.message;
  return 'Request failed';
}

/** The active language (i18n.locale), as activateLanguage wrote it on the page; English before any. */
function pageLanguage(): string {
  return document.documentElement.lang === 'es' ? 'es' : 'en';
}

type Query = Record<string, string | number | boolean | undefined | null>;
interface RequestOptions {
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
}

/** The answer's data plus its message, for callers that show the server's text. */
export interface ApiResult<T> {
  data: T;
  message?: string;
}

/**
 * What every call to the API sends: the page's language, in which the API answers its messages and eligibility
 * reasons (docs/product.md, Languages; activateLanguage in @/lib/i18n sets it on <html lang>, read here so the
 * landing's first load stays in budget), and the signed-in user's token.
 */
function apiHeaders(token: string | null): Record<string, string> {
  const headers: Record<string, string> = { 'Accept-Language': pageLanguage() };
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<ApiResult<T>> {
  const url = new URL(`${API_ROOT}${path}`, window.location.origin);
  for (const [k, v] of Object.entries(opts.query ?? {})) {
    if (v !== undefined && v !== null && v !== '') url.searchParams.set(k, String(v));
  }
  const token = tokenStorage.getToken();
  const headers: Record<string, string> = { Accept: 'application/json', ...apiHeaders(token) };
  const isForm = opts.body instanceof FormData;
  if (opts.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';

  const res = await fetch(url, {
    method,
    headers,
    body: opts.body === undefined ? undefined : isForm ? (opts.body as FormData) : JSON.stringify(opts.body),
    signal: opts.signal,
  });

  let body: ApiResponse<T> | undefined;
  try {
    body = (await res.json()) as ApiResponse<T>;
  } catch {
    body = undefined;
  }
  return settle(res.status, res.ok, body, token);
}

/** One answer, whichever way it came (fetch or XMLHttpRequest): the data, or the ApiError. */
function settle<T>(status: number, ok: boolean, body: ApiResponse<T> | undefined, token: string | null): ApiResult<T> {
  const res = { status, ok };
  if (res.status === 401 && token) {
    tokenStorage.clear();
    console.warn('Authentication token expired or invalid. Please log in again.');
    onUnauthorized?.((body as { error?: { code?: string } } | undefined)?.error?.code);
  }
  if (!body && res.ok) return { data: undefined as T };
  if (!body || !res.ok || body.success === false) throw failureOf(res.status, body);
  return { data: body.data, message: body.message };
}

/** The ApiError of a failed answer: its envelope's message, code and fields, or, without a body, an unreadable one. */
function failureOf(status: number, body: unknown): ApiError {
  if (!body || typeof body !== 'object')
    return new ApiError(`HTTP Error: ${status}`, status, undefined, undefined, false);
  const fail = body as { error?: { code?: string; fields?: Record<string, string> } };
  return new ApiError(errorMessageOf(body), status, fail.error?.code, fail.error?.fields);
}

export const api = {
  get: <T>(path: string, query?: Query, signal?: AbortSignal) => request<T>('GET', path, { query, signal }),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, { body }),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, { body }),
  patch: <T>(path: string, body?: unknown) => request<T>('PATCH', path, { body }),
  delete: <T>(path: string, query?: Query) => request<T>('DELETE', path, { query }),
  upload: <T>(path: string, form: FormData) => request<T>('POST', path, { body: form }),
  /** A multipart POST that reports how much of the body was sent (fetch cannot), 0 to 1. */
  uploadWithProgress: <T>(path: string, form: FormData, onProgress: (sent: number) => void) =>
    new Promise<ApiResult<T>>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      const token = tokenStorage.getToken();
      xhr.open('POST', new URL(`${API_ROOT}${path}`, window.location.origin));
      xhr.setRequestHeader('Accept', 'application/json');
      for (const [name, value] of Object.entries(apiHeaders(token))) xhr.setRequestHeader(name, value);
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
      };
      xhr.onload = () => {
        let body: ApiResponse<T> | undefined;
        try {
          body = JSON.parse(xhr.responseText) as ApiResponse<T>;
        } catch {
          body = undefined;
        }
        try {
          resolve(settle(xhr.status, xhr.status >= 200 && xhr.status < 300, body, token));
        } catch (error) {
          reject(error);
        }
      };
      // A network failure: like fetch's TypeError, callers show their own fallback text.
      xhr.onerror = () => reject(new TypeError('Network request failed'));
      xhr.send(form);
    }),
};

/**
 * Downloads a file answer (a packet PDF) with the signed-in user's token, then hands it to the browser under the
 * server's file name. Errors come back as the usual JSON envelope.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const res = await fetch(`${API_ROOT}${path}`, { headers: apiHeaders(tokenStorage.getToken()) });
  if (!res.ok) {
    let body: unknown;
    try {
      body = await res.json();
    } catch {
      body = undefined;
    }
    throw failureOf(res.status, body);
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** A message for the user from anything thrown by a call; the fallback for a network failure or a bug. */
export function messageOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError && !error.readable) return unreadableAnswerMessage(error.status, fallback);
  if (error instanceof ApiError || error instanceof UserFacingError) return error.message;
  return fallback;
}

/** A gateway's own answers while the API is away (restarting, overloaded): 502, 503, 504. */
const GATEWAY_AWAY = new Set([502, 503, 504]);

/**
 * What the screen says for an answer without a body to read (a proxy's HTML page), in the active language
 * (docs/product.md §12, §20): from a gateway, that the service is briefly unavailable, as the API's own 503 says;
 * any other, the screen's fallback. The common catalogue, which holds the text, is loaded with every page.
 */
function unreadableAnswerMessage(status: number, fallback: string): string {
  return GATEWAY_AWAY.has(status) ? i18n._('common.unavailable') : fallback;
}
