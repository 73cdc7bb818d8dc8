/**
 * The endpoint catalogue, as the browser reads it: routes only, no zod. The server and the tests
 * read `bound.ts`, which adds each endpoint's schemas.
 */
import { admin } from './admin';
import { checkout } from './checkout';
import { storefront } from './storefront';

export const endpoints = { storefront, checkout, admin };
export type { BodyOf, Endpoint, Method, ParamsOf, QueryOf, ResponseOf, Route } from './define';
