import type { BodyOf, ParamsOf, QueryOf, ResponseOf, Route } from '../../shared/contracts/endpoints/define';
import { pathOf } from '../../shared/contracts/endpoints/path-of';

/** Spec §8: a non-OK answer becomes an error reading "{status}: {body text or status text}". */
export class ApiError extends Error {
  // Declared, not defined: the bundle's target (es2020) would add helpers for class fields (first-load budget).
  declare readonly status: number;
  declare readonly body: string;

  constructor(status: number, body: string, statusText: string) {
    super(`${status}: ${body || statusText}`);
    this.status = status;
    this.body = body;
  }

  /** A text property of our JSON error body ({ message, field?, code? }), when there is one. */
  private part(name: 'message' | 'field' | 'code'): string | undefined {
    try {
      const value: unknown = JSON.parse(this.body)?.[name];
      return typeof value === 'string' ? value : undefined;
    } catch {
      return undefined;
    }
  }

  /** The server's { message } when the body is our JSON error, else the whole text. */
  get serverMessage(): string {
    return this.part('message') ?? this.body;
  }

  /** The field the server refused, when it named one (`customer.email`, `locale`). */
  get field(): string | undefined {
    return this.part('field');
  }

  /** The refusal's machine-readable code, when the server gave one. */
  get code(): string | undefined {
    return this.part('code');
  }
}

/** What a call sends: the path's params (required when the path has some), the query, the body. */
export type CallInput<E> = (ParamsOf<E> extends undefined
  ? { params?: undefined }
  : { params: ParamsOf<E> }) & {
  query?: QueryOf<E>;
  body?: BodyOf<E>;
  headers?: Record<string, string>;
};
type CallArgs<E> = ParamsOf<E> extends undefined ? [input?: CallInput<E>] : [input: CallInput<E>];

/** The URL of a declared endpoint: `:name` segments filled (encoded), the query appended. */
export function urlOf(
  endpoint: Route,
  input: { params?: object | undefined; query?: object | undefined } = {},
): string {
  const path = pathOf(endpoint, input.params);
  // JSON drops the undefined values; URLSearchParams writes the rest as text.
  const search = new URLSearchParams(JSON.parse(JSON.stringify(input.query ?? {}))).toString();
  return search ? `${path}?${search}` : path;
}

/** How one client differs from another: the admin's sends its key and signs out on a 401. */
export interface ClientHooks {
  /** Headers for every call, asked per call (so the admin key can be refused when it expired). */
  headers?(): Record<string, string>;
  /** The error for a refused call; by default an ApiError. */
  error?(status: number, text: string, statusText: string): Error;
}

export interface ApiClient {
  /** Calls a declared endpoint; the answer is typed by its contract (the server validated it). */
  call<E extends Route>(endpoint: E, ...args: CallArgs<E>): Promise<ResponseOf<E>>;
  readonly hooks: ClientHooks;
}

/**
 * The one way the web app talks to the API; on the server `fetchImpl` reaches the API in-process.
 * Answers are typed by the shared zod contracts (types only): the server validates every response
 * against them, so the first load does not ship zod to check them again.
 */
export function createApiClient(fetchImpl: typeof fetch, hooks: ClientHooks = {}): ApiClient {
  const refuse = hooks.error ?? ((status, text, statusText) => new ApiError(status, text, statusText));
  const request = async <T>(method: string, path: string, body?: unknown, headers = {}): Promise<T> => {
    const json = body === undefined ? undefined : JSON.stringify(body);
    const response = await fetchImpl(path, {
      method,
      credentials: 'include',
      cache: 'no-store',
      headers: { ...hooks.headers?.(), ...headers, ...(json && { 'content-type': 'application/json' }) },
      body: json,
    });
    const text = await response.text();
    if (!response.ok) throw refuse(response.status, text, response.statusText);
    return (text ? JSON.parse(text) : undefined) as T;
  };
  return {
    call: (endpoint, ...[input]) =>
      request(endpoint.method, urlOf(endpoint, input), input?.body, input?.headers),
    hooks,
  };
}
