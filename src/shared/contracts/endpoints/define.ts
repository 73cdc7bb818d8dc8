/**
 * The shape of an endpoint declaration. Two halves, both written once: the route (method, path,
 * admin key, multipart body, file answer), which the browser reads at run time and which holds no
 * zod, and its zod schemas, which only the server and the lazy chunks load. A route finds its
 * schemas' types by its method and path (SchemaIndex), so the client's types come from `z.infer`
 * and zod stays out of the first load.
 */
import type { z } from 'zod';
import type * as admin from './admin';
import type { adminSchemas } from './admin.schemas';
import type * as adminActivity from './admin-activity';
import type { adminActivitySchemas } from './admin-activity.schemas';
import type * as adminCustomers from './admin-customers';
import type { adminCustomersSchemas } from './admin-customers.schemas';
import type * as adminDiscounts from './admin-discounts';
import type { adminDiscountsSchemas } from './admin-discounts.schemas';
import type * as adminNeedsYou from './admin-needs-you';
import type { adminNeedsYouSchemas } from './admin-needs-you.schemas';
import type * as adminOrders from './admin-orders';
import type { adminOrdersSchemas } from './admin-orders.schemas';
import type * as adminRefunds from './admin-refunds';
import type { adminRefundsSchemas } from './admin-refunds.schemas';
import type * as adminReviews from './admin-reviews';
import type { adminReviewsSchemas } from './admin-reviews.schemas';
import type * as adminSettings from './admin-settings';
import type { adminSettingsSchemas } from './admin-settings.schemas';
import type * as analytics from './analytics';
import type * as checkout from './checkout';
import type { checkoutSchemas } from './checkout.schemas';
import type * as consent from './consent';
import type { consentSchemas } from './consent.schemas';
import type * as delivery from './delivery';
import type * as editions from './editions';
import type { editionsSchemas } from './editions.schemas';
import type * as invoices from './invoices';
import type { invoicesSchemas } from './invoices.schemas';
import type * as library from './library';
import type { librarySchemas } from './library.schemas';
import type * as privacy from './privacy';
import type * as receipts from './receipts';
import type { receiptsSchemas } from './receipts.schemas';
import type * as reviews from './reviews';
import type { reviewsSchemas } from './reviews.schemas';
import type * as storefront from './storefront';
import type { storefrontSchemas } from './storefront.schemas';
import type * as whatsapp from './whatsapp';
import type { whatsappSchemas } from './whatsapp.schemas';

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

/**
 * One endpoint's contract: a one-line summary, its zod schemas under Fastify's names, and the error
 * answers it gives beyond those its shape implies (400 when it takes input, 401 behind the admin key,
 * 404 when its path names something). Every error answer has the body of `errorSchema`.
 */
export interface EndpointSchemas {
  readonly summary: string;
  readonly errors?: readonly number[];
  /** The media type of a file answer (`response: 'file'`): application/pdf, image/webp, text/csv… */
  readonly mediaType?: string;
  readonly params?: z.ZodType;
  readonly querystring?: z.ZodType;
  readonly body?: z.ZodType;
  readonly response: Readonly<Record<number, z.ZodType>>;
}

/** A route with its schemas in hand: what the server registers and documents. */
export type BoundEndpoint<S extends EndpointSchemas = EndpointSchemas> = Route & { readonly schema: S };

/** An area's routes (a module's exports) and its schema table must name the same endpoints. */
type SameNames<R, T> = { readonly [K in keyof R]: K extends keyof T ? Route : never };

/** Puts an area's routes and schemas together (server side). */
export function bindSchemas<
  T extends Record<string, EndpointSchemas>,
  R extends { readonly [K in keyof T]: Route },
>(routes: R & SameNames<R, T>, schemas: T): { readonly [K in keyof T]: R[K] & { readonly schema: T[K] } } {
  const bound: Record<string, BoundEndpoint> = {};
  for (const name of Object.keys(schemas)) bound[name] = { ...routes[name]!, schema: schemas[name]! };
  return bound as { readonly [K in keyof T]: R[K] & { readonly schema: T[K] } };
}

/** `GET /api/orders/:id` → its schemas: how a route (a plain object) finds its types. */
type Indexed<R, T> = {
  [K in keyof R & keyof T as R[K] extends Route ? `${R[K]['method']} ${R[K]['path']}` : never]: T[K];
};
type SchemaIndex = Indexed<
  typeof storefront & typeof delivery & typeof analytics & typeof privacy,
  typeof storefrontSchemas
> &
  Indexed<typeof checkout, typeof checkoutSchemas> &
  Indexed<typeof receipts, typeof receiptsSchemas> &
  Indexed<typeof admin, typeof adminSchemas> &
  Indexed<typeof adminRefunds, typeof adminRefundsSchemas> &
  Indexed<typeof adminOrders, typeof adminOrdersSchemas> &
  Indexed<typeof adminCustomers, typeof adminCustomersSchemas> &
  Indexed<typeof adminActivity, typeof adminActivitySchemas> &
  Indexed<typeof adminNeedsYou, typeof adminNeedsYouSchemas> &
  Indexed<typeof adminDiscounts, typeof adminDiscountsSchemas> &
  Indexed<typeof adminSettings, typeof adminSettingsSchemas> &
  Indexed<typeof whatsapp, typeof whatsappSchemas> &
  Indexed<typeof library, typeof librarySchemas> &
  Indexed<typeof editions, typeof editionsSchemas> &
  Indexed<typeof reviews, typeof reviewsSchemas> &
  Indexed<typeof adminReviews, typeof adminReviewsSchemas> &
  Indexed<typeof invoices, typeof invoicesSchemas> &
  Indexed<typeof consent, typeof consentSchemas>;

type SchemasOf<E> = E extends Route
  ? `${E['method']} ${E['path']}` extends infer Key extends keyof SchemaIndex
    ? SchemaIndex[Key]
    : EndpointSchemas
  : EndpointSchemas;
type InputOf<S, K extends keyof EndpointSchemas> = S extends { readonly [P in K]: infer Z extends z.ZodType }
  ? z.input<Z>
  : undefined;

export type ParamsOf<E> = InputOf<SchemasOf<E>, 'params'>;
export type QueryOf<E> = InputOf<SchemasOf<E>, 'querystring'>;
/** A JSON body the server parses itself (no schema) is `unknown`; a multipart body is FormData. */
export type BodyOf<E> =
  SchemasOf<E> extends { readonly body: infer Z extends z.ZodType } ? z.input<Z> : unknown;
/** The parsed answer: any of the declared success statuses' bodies. */
export type ResponseOf<E> = SuccessBody<SchemasOf<E>['response']>;
type SuccessBody<R> = {
  [Status in keyof R]: Status extends 200 | 201 | 202 | 203 | 204 ? z.output<R[Status] & z.ZodType> : never;
}[keyof R];
