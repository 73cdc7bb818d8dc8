/** The endpoint catalogue with its zod schemas: what the server registers, documents and tests. */
import * as admin from './admin';
import { adminSchemas } from './admin.schemas';
import * as adminDiscounts from './admin-discounts';
import { adminDiscountsSchemas } from './admin-discounts.schemas';
import * as analytics from './analytics';
import * as checkout from './checkout';
import { checkoutSchemas } from './checkout.schemas';
import { type BoundEndpoint, bindSchemas } from './define';
import * as delivery from './delivery';
import * as storefront from './storefront';
import { storefrontSchemas } from './storefront.schemas';

export const api = {
  storefront: bindSchemas({ ...storefront, ...delivery, ...analytics }, storefrontSchemas),
  checkout: bindSchemas(checkout, checkoutSchemas),
  admin: bindSchemas({ ...admin, ...adminDiscounts }, { ...adminSchemas, ...adminDiscountsSchemas }),
};

/** Every endpoint, for the OpenAPI check and the generated bad-input suite. */
export const allEndpoints = (): BoundEndpoint[] =>
  Object.values(api).flatMap((area) => Object.values(area) as BoundEndpoint[]);
