import type {
  ContextConfigDefault,
  FastifySchema,
  onRequestHookHandler,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { BoundEndpoint, EndpointSchemas } from '../../shared/contracts/endpoints/define';

/** The Fastify instance a zod-typed plugin receives. */
export type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

type Handler<S extends FastifySchema> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  S,
  ZodTypeProvider
>;

/** The handler of a declared endpoint, typed by its schemas. */
export type HandlerFor<E extends BoundEndpoint> = Handler<E['schema']>;

/** What a registration may add to its declaration: rate limits, hooks, body limit, compression. */
export type RouteExtras = Omit<RouteShorthandOptions, 'schema'>;

/**
 * Registers a declared endpoint: its method, path and schemas from the catalogue, the admin key
 * check first when it is declared behind the key, then whatever the registration adds.
 */
export function route<S extends EndpointSchemas>(
  app: ZodApp,
  endpoint: BoundEndpoint<S>,
  ...rest: [handler: Handler<S>] | [extras: RouteExtras, handler: Handler<S>]
): void {
  const [extras, handler] = rest.length === 1 ? [{}, rest[0]] : rest;
  const onRequest = endpoint.admin
    ? [app.services.requireAdmin, ...[extras.onRequest ?? []].flat()]
    : extras.onRequest;
  app.route({
    ...extras,
    method: endpoint.method,
    url: endpoint.path,
    schema: endpoint.schema,
    ...(onRequest ? { onRequest: onRequest as onRequestHookHandler[] } : {}),
    handler: handler as never,
  });
}
