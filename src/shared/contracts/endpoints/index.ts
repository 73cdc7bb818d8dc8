/**
 * The endpoint catalogue, as the browser reads it: routes only, no zod. The server and the tests
 * read `bound.ts`, which adds each endpoint's schemas.
 */
import * as admin from './admin';
import * as adminActivity from './admin-activity';
import * as adminCustomers from './admin-customers';
import * as adminDiscounts from './admin-discounts';
import * as adminNeedsYou from './admin-needs-you';
import * as adminOrders from './admin-orders';
import * as adminRefunds from './admin-refunds';
import * as analytics from './analytics';
import * as checkout from './checkout';
import * as delivery from './delivery';
import * as editions from './editions';
import * as library from './library';
import * as receipts from './receipts';
import * as storefront from './storefront';
import * as wave from './wave';
import * as whatsapp from './whatsapp';

export const endpoints = {
  storefront,
  delivery,
  receipts,
  analytics,
  checkout,
  admin,
  adminRefunds,
  adminOrders,
  adminCustomers,
  adminActivity,
  adminNeedsYou,
  adminDiscounts,
  wave,
  whatsapp,
  library,
  editions,
};
export type { BodyOf, Method, ParamsOf, QueryOf, ResponseOf, Route } from './define';
