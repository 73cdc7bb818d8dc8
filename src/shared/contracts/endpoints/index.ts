/**
 * The endpoint catalogue, as the browser reads it: routes only, no zod. The server and the tests
 * read `bound.ts`, which adds each endpoint's schemas.
 */
import * as admin from './admin';
import * as adminDiscounts from './admin-discounts';
import * as analytics from './analytics';
import * as checkout from './checkout';
import * as delivery from './delivery';
import * as storefront from './storefront';

export const endpoints = {
  storefront,
  delivery,
  analytics,
  checkout,
  admin: { ...admin, ...adminDiscounts },
};
export type { BodyOf, Method, ParamsOf, QueryOf, ResponseOf, Route } from './define';
