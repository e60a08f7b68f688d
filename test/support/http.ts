import type { ApiErrorBody } from '@rxbridge/contracts';

/** A small JSON client for the API, as a browser would call it. */
export interface ApiAnswer<T = any> {
  status: number;
  body: {
    success: boolean;
    data: T;
    message?: string;
    error?: ApiErrorBody;
  };
  headers: Headers;
}

/** Each client looks like its own visitor address (the test stack trusts X-Forwarded-For). */
export function apiClient(apiUrl: string, address = `10.${rnd()}.${rnd()}.${rnd()}`) {
  async function call<T = any>(
    method: string,
    path: string,
    body?: unknown,
    token?: string,
    headers: Record<string, string> = {},
  ): Promise<ApiAnswer<T>> {
    const res = await fetch(`${apiUrl}${path}`, {
      method,
      headers: {
        ...(body !== undefined && typeof body !== 'string' && { 'Content-Type': 'application/json' }),
        ...(token && { Authorization: `Bearer ${token}` }),
        'X-Forwarded-For': address,
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: ApiAnswer<T>['body'];
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new Error(`${method} ${path} answered ${res.status} with non-JSON: ${text.slice(0, 200)}`);
    }
    return { status: res.status, body: parsed, headers: res.headers };
  }
  return {
    get: <T = any>(path: string, token?: string, headers?: Record<string, string>) =>
      call<T>('GET', path, undefined, token, headers),
    post: <T = any>(path: string, body?: unknown, token?: string, headers?: Record<string, string>) =>
      call<T>('POST', path, body ?? {}, token, headers),
    put: <T = any>(path: string, body: unknown, token?: string) => call<T>('PUT', path, body, token),
    patch: <T = any>(path: string, body: unknown, token?: string) => call<T>('PATCH', path, body, token),
    delete: <T = any>(path: string, token?: string) => call<T>('DELETE', path, undefined, token),
    call,
  };
}

const rnd = () => Math.floor(Math.random() * 250) + 1;
