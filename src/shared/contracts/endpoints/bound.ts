/** The endpoint catalogue with its zod schemas: what the server registers, documents and tests. */
import * as admin from './admin';
import { adminSchemas } from './admin.schemas';
import * as adminActivity from './admin-activity';
import { adminActivitySchemas } from './admin-activity.schemas';
import * as adminCustomers from './admin-customers';
import { adminCustomersSchemas } from './admin-customers.schemas';
import * as adminDiscounts from './admin-discounts';
import { adminDiscountsSchemas } from './admin-discounts.schemas';
import * as adminNeedsYou from './admin-needs-you';
import { adminNeedsYouSchemas } from './admin-needs-you.schemas';
import * as adminOrders from './admin-orders';
import { adminOrdersSchemas } from './admin-orders.schemas';
import * as adminRefunds from './admin-refunds';
import { adminRefundsSchemas } from './admin-refunds.schemas';
import * as adminReviews from './admin-reviews';
import { adminReviewsSchemas } from './admin-reviews.schemas';
import * as adminSettings from './admin-settings';
import { adminSettingsSchemas } from './admin-settings.schemas';
import * as analytics from './analytics';
import * as checkout from './checkout';
import { checkoutSchemas } from './checkout.schemas';
import * as consent from './consent';
import { consentSchemas } from './consent.schemas';
import { type BoundEndpoint, bindSchemas } from './define';
import * as delivery from './delivery';
import * as editions from './editions';
import { editionsSchemas } from './editions.schemas';
import * as invoices from './invoices';
import { invoicesSchemas } from './invoices.schemas';
import * as library from './library';
import { librarySchemas } from './library.schemas';
import * as privacy from './privacy';
import * as receipts from './receipts';
import { receiptsSchemas } from './receipts.schemas';
import * as reviews from './reviews';
import { reviewsSchemas } from './reviews.schemas';
import * as storefront from './storefront';
import { storefrontSchemas } from './storefront.schemas';
import * as wave from './wave';
import { waveSchemas } from './wave.schemas';
import * as whatsapp from './whatsapp';
import { whatsappSchemas } from './whatsapp.schemas';

export const api = {
  storefront: bindSchemas({ ...storefront, ...delivery, ...analytics, ...privacy }, storefrontSchemas),
  checkout: bindSchemas(checkout, checkoutSchemas),
  receipts: bindSchemas(receipts, receiptsSchemas),
  admin: bindSchemas(admin, adminSchemas),
  adminRefunds: bindSchemas(adminRefunds, adminRefundsSchemas),
  adminOrders: bindSchemas(adminOrders, adminOrdersSchemas),
  adminCustomers: bindSchemas(adminCustomers, adminCustomersSchemas),
  adminActivity: bindSchemas(adminActivity, adminActivitySchemas),
  adminDiscounts: bindSchemas(adminDiscounts, adminDiscountsSchemas),
  wave: bindSchemas(wave, waveSchemas),
  adminNeedsYou: bindSchemas(adminNeedsYou, adminNeedsYouSchemas),
  whatsapp: bindSchemas(whatsapp, whatsappSchemas),
  library: bindSchemas(library, librarySchemas),
  editions: bindSchemas(editions, editionsSchemas),
  reviews: bindSchemas(reviews, reviewsSchemas),
  adminReviews: bindSchemas(adminReviews, adminReviewsSchemas),
  adminSettings: bindSchemas(adminSettings, adminSettingsSchemas),
  invoices: bindSchemas(invoices, invoicesSchemas),
  consent: bindSchemas(consent, consentSchemas),
};

/** Every endpoint, for the OpenAPI check and the generated bad-input suite. */
export const allEndpoints = (): BoundEndpoint[] =>
  Object.values(api).flatMap((area) => Object.values(area) as BoundEndpoint[]);
