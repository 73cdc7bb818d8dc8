/**
 * The shape of an endpoint declaration. Two halves, both written once: the route (method, path,
 * admin key, multipart body, file answer), which the browser reads at run time and which holds no
 * zod, and its zod schemas, which only the server and the lazy chunks load. The route half names
 * its schemas by type only, so the client's types come from `z.infer` and zod stays out of the
 * first load.
 */
import type { z } from 'zod';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a caller needs at run time. */
export interface Route {
  readonly method: Method;
  /** Fastify's form: `/api/orders/:id`. */
  readonly path: string;
  /** Behind the admin key (sent in x-admin-key). */
  readonly admin?: true;
  /** The body is multipart form data, read by the handler part by part (no body schema). */
  readonly body?: 'multipart';
  /** The answer is bytes (a file, an image, a stream), opened by URL rather than parsed. */
  readonly response?: 'file';
}

/** One endpoint's zod schemas, under Fastify's names. */
export interface EndpointSchemas {
  readonly params?: z.ZodType;
  readonly querystring?: z.ZodType;
  readonly body?: z.ZodType;
  readonly response: Readonly<Record<number, z.ZodType>>;
}

declare const schemasOf: unique symbol;

/** A route that carries, as a type only, the schemas it is served with. */
export type Endpoint<R extends Route = Route, S extends EndpointSchemas = EndpointSchemas> = R & {
  readonly [schemasOf]?: S;
};

/** A route with its schemas in hand: what the server registers and documents. */
export type BoundEndpoint<S extends EndpointSchemas = EndpointSchemas> = Route & { readonly schema: S };

/**
 * Declares an area's routes against its schema table (imported as a type): every schema entry
 * needs a route of the same name, and each route learns its schemas' types.
 */
export function declareRoutes<T extends Record<string, EndpointSchemas>>() {
  return <R extends { readonly [K in keyof T]: Route }>(routes: R) =>
    routes as unknown as { readonly [K in keyof T]: Endpoint<R[K], T[K]> };
}

/** Puts an area's routes and schemas together (server side). */
export function bindSchemas<
  T extends Record<string, EndpointSchemas>,
  R extends { readonly [K in keyof T]: Route },
>(routes: R, schemas: T): { readonly [K in keyof T]: R[K] & { readonly schema: T[K] } } {
  const bound: Record<string, BoundEndpoint> = {};
  for (const name of Object.keys(schemas)) bound[name] = { ...routes[name]!, schema: schemas[name]! };
  return bound as { readonly [K in keyof T]: R[K] & { readonly schema: T[K] } };
}

type SchemasOf<E> = E extends { readonly [schemasOf]?: infer S extends EndpointSchemas }
  ? S
  : EndpointSchemas;
type InputOf<S, K extends keyof EndpointSchemas> = S extends { readonly [P in K]: infer Z extends z.ZodType }
  ? z.input<Z>
  : undefined;

export type ParamsOf<E> = InputOf<SchemasOf<E>, 'params'>;
export type QueryOf<E> = InputOf<SchemasOf<E>, 'querystring'>;
export type BodyOf<E> = InputOf<SchemasOf<E>, 'body'>;
/** The parsed answer: any of the declared success statuses' bodies. */
export type ResponseOf<E> = SuccessBody<SchemasOf<E>['response']>;
type SuccessBody<R> = {
  [Status in keyof R]: Status extends 200 | 201 | 202 | 203 | 204 ? z.output<R[Status] & z.ZodType> : never;
}[keyof R];
