import { vi } from 'vitest';

/** One recorded request that reached the network boundary (global fetch). */
export interface RecordedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  credentials: RequestCredentials | undefined;
  body: unknown;
}

export interface StubResponse {
  status?: number;
  body?: unknown;
  contentType?: string;
}

export type Handler = (request: RecordedRequest) => StubResponse | 'network-error' | Promise<StubResponse>;

/**
 * Replaces global fetch for one test: the app's own modules run for real, only the wire is simulated.
 * `routes` maps 'METHOD /api/path' to a handler; anything else answers 404 problem+json.
 */
export function stubNetwork(routes: Record<string, Handler | StubResponse>) {
  const requests: RecordedRequest[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init.method ?? 'GET').toUpperCase();
    const request: RecordedRequest = {
      method,
      url,
      headers: { ...(init.headers as Record<string, string> | undefined) },
      credentials: init.credentials,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    requests.push(request);
    const route = routes[`${method} ${url.split('?')[0]}`];
    const answer =
      route === undefined
        ? { status: 404, body: { code: 'ROUTE_NOT_FOUND', message: 'Rota não encontrada.', status: 404 } }
        : typeof route === 'function'
          ? await route(request)
          : route;
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    const status = answer.status ?? 200;
    const isProblem = status >= 400;
    const contentType = answer.contentType ?? (isProblem ? 'application/problem+json' : 'application/json');
    const text =
      answer.body === undefined
        ? null
        : typeof answer.body === 'string'
          ? answer.body
          : JSON.stringify(answer.body);
    return new Response(status === 204 ? null : text, { status, headers: { 'content-type': contentType } });
  });
  vi.stubGlobal('fetch', fetchStub);
  vi.stubGlobal('XMLHttpRequest', fakeXhr(routes, requests));
  return { requests, fetch: fetchStub };
}

/**
 * XMLHttpRequest (uploads with progress) answered by the same route table: the body is recorded as
 * sent (a FormData stays a FormData), and the upload reports progress at half and at the end.
 */
function fakeXhr(routes: Record<string, Handler | StubResponse>, requests: RecordedRequest[]) {
  return class FakeXMLHttpRequest {
    status = 0;
    responseText = '';
    withCredentials = false;
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private method = 'GET';
    private url = '';
    private headers: Record<string, string> = {};
    private responseType = 'application/json';
    private aborted = false;

    open(method: string, url: string) {
      this.method = method.toUpperCase();
      this.url = url;
    }

    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }

    getResponseHeader(name: string) {
      return name.toLowerCase() === 'content-type' ? this.responseType : null;
    }

    abort() {
      this.aborted = true;
      this.onabort?.();
    }

    async send(body: unknown) {
      const request: RecordedRequest = {
        method: this.method,
        url: this.url,
        headers: { ...this.headers },
        credentials: this.withCredentials ? 'include' : 'same-origin',
        body,
      };
      requests.push(request);
      const progress = (loaded: number) =>
        this.upload.onprogress?.({ lengthComputable: true, loaded, total: 100 } as ProgressEvent);
      await Promise.resolve();
      progress(50);
      const route = routes[`${this.method} ${this.url.split('?')[0]}`];
      const answer =
        route === undefined
          ? { status: 404, body: { code: 'ROUTE_NOT_FOUND', message: 'Rota não encontrada.', status: 404 } }
          : typeof route === 'function'
            ? await route(request)
            : route;
      if (this.aborted) return;
      if (answer === 'network-error') {
        this.onerror?.();
        return;
      }
      progress(100);
      this.status = answer.status ?? 200;
      this.responseType =
        answer.contentType ?? (this.status >= 400 ? 'application/problem+json' : 'application/json');
      this.responseText =
        answer.body === undefined
          ? ''
          : typeof answer.body === 'string'
            ? answer.body
            : JSON.stringify(answer.body);
      this.onload?.();
    }
  };
}

export function problem(status: number, code: string, message?: string) {
  return { status, body: message === undefined ? { code, status } : { code, message, status } };
}
