/** Spec §8: a non-OK answer becomes an error reading "{status}: {body text or status text}". */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
  }

  /** The server's { message } when the body is our JSON error, else the whole text. */
  get serverMessage(): string {
    try {
      const parsed = JSON.parse(this.body) as { message?: unknown };
      if (typeof parsed.message === 'string') return parsed.message;
    } catch {
      // not JSON: fall through
    }
    return this.body;
  }
}

/**
 * Answers are typed by the shared zod contracts (type-only imports). The server validates every
 * response against them, so the browser does not ship zod to check them again.
 */
export interface ApiClient {
  get<T>(path: string): Promise<T>;
  send<T>(
    method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<T>;
}

/** The one way the web app talks to the API; on the server `fetchImpl` reaches the API in-process. */
export function createApiClient(fetchImpl: typeof fetch): ApiClient {
  const request = async <T>(path: string, init: RequestInit): Promise<T> => {
    const response = await fetchImpl(path, { credentials: 'include', cache: 'no-store', ...init });
    const text = await response.text();
    if (!response.ok) throw new ApiError(response.status, text, response.statusText);
    return (text ? JSON.parse(text) : undefined) as T;
  };
  return {
    get: (path) => request(path, { method: 'GET' }),
    send: (method, path, body, headers = {}) =>
      request(
        path,
        body === undefined
          ? { method, headers }
          : {
              method,
              headers: { ...headers, 'content-type': 'application/json' },
              body: JSON.stringify(body),
            },
      ),
  };
}
