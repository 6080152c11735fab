import { baseURL } from './browser';

/*
 * The API as the browser tests' set-up steps call it (what a test is not about): JSON in and out, a bearer
 * token from /api/auth/login, and an error that names the call, its status and the body it got back.
 */

/** Who calls: an e-mail and a password of an account that exists. */
export interface Credentials {
  email: string;
  password: string;
}

/** Throws when `response` is not `expected` (any 2xx when omitted), naming the call and the answer. */
async function ensure(response: Response, call: string, expected?: number): Promise<Response> {
  const ok = expected === undefined ? response.ok : response.status === expected;
  if (!ok) throw new Error(`${call} answered ${response.status}: ${await response.text()}`);
  return response;
}

/** The session cookies a response sets, as a Cookie header. */
export function cookieOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** POST `body` as JSON with no token (registration and login steps), `cookie` sent when given. */
export async function postJson(path: string, body: unknown, cookie = ''): Promise<Response> {
  const response = await fetch(`${baseURL()}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(body),
  });
  return ensure(response, `POST ${path}`);
}

/** A bearer token of `account` (signed in through the API). */
export async function tokenOf(account: Credentials): Promise<string> {
  const response = await postJson('/auth/login', { email: account.email, password: account.password });
  return ((await response.json()) as { access_token: string }).access_token;
}

export interface ApiClient {
  /** Any call; `body` is sent as JSON, or as is when it is a FormData. */
  request<T>(method: string, path: string, body?: unknown, options?: { status?: number }): Promise<T>;
  get<T>(path: string): Promise<T>;
  post<T>(path: string, body?: unknown): Promise<T>;
  put<T>(path: string, body?: unknown): Promise<T>;
  /** A multipart request (files, the routes that read forms); `status` is the one answer expected. */
  postForm<T>(path: string, form: FormData, options?: { status?: number }): Promise<T>;
}

/** An API client signed in as `account`: one login, the token reused for every call. */
export function api(account: Credentials): ApiClient {
  let token: Promise<string> | undefined;
  async function request<T>(
    method: string,
    path: string,
    body?: unknown,
    { status }: { status?: number } = {},
  ): Promise<T> {
    token ??= tokenOf(account);
    const json = body !== undefined && !(body instanceof FormData);
    const response = await fetch(`${baseURL()}/api${path}`, {
      method,
      headers: {
        authorization: `Bearer ${await token}`,
        ...(json ? { 'content-type': 'application/json' } : {}),
      },
      body: body === undefined ? undefined : json ? JSON.stringify(body) : (body as FormData),
    });
    await ensure(response, `${method} ${path}`, status);
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }
  return {
    request,
    get: (path) => request('GET', path),
    post: (path, body) => request('POST', path, body),
    put: (path, body) => request('PUT', path, body),
    postForm: (path, form, options) => request('POST', path, form, options),
  };
}

/** One call as `account` (signs in for it). For a single step; a set-up of several uses `api(account)`. */
export function apiAs<T>(account: Credentials, method: string, path: string, body?: unknown): Promise<T> {
  return api(account).request<T>(method, path, body);
}
