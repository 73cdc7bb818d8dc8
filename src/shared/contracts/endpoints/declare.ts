/**
 * One line per endpoint: `export const order = get('/api/orders/:id')`, `post(path, ADMIN)`. The
 * method and path keep their literal types, which is how a route finds its schemas (define.ts).
 * Marked free of side effects, so a bundle drops the declarations it never calls.
 */
import type { Method, Route } from './define';

type Extras = Omit<Route, 'method' | 'path'>;
type Declared<M extends Method, P extends string, X extends Extras> = {
  readonly method: M;
  readonly path: P;
} & X;

/** Behind the admin key. */
export const ADMIN = { admin: true } as const;
/** Behind the admin key, answered with bytes. */
export const ADMIN_FILE = { admin: true, response: 'file' } as const;
/** Behind the admin key, a multipart body. */
export const ADMIN_UPLOAD = { admin: true, body: 'multipart' } as const;
/** Answered with bytes (a file, an image), opened by URL. */
export const FILE = { response: 'file' } as const;

/* @__NO_SIDE_EFFECTS__ */
function declareWith<M extends Method>(method: M) {
  /* @__NO_SIDE_EFFECTS__ */
  return <const P extends string, const X extends Extras = Record<never, never>>(
    path: P,
    extras?: X,
  ): Declared<M, P, X> => ({ method, path, ...extras }) as Declared<M, P, X>;
}

export const get = declareWith('GET');
export const post = declareWith('POST');
export const put = declareWith('PUT');
export const patch = declareWith('PATCH');
export const del = declareWith('DELETE');
