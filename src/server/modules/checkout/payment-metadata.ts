import { z } from 'zod';
import { localeSchema } from '../../../shared/contracts/catalogue';
import {
  type Customer,
  cartLinesSchema,
  customerSchema,
  discountCodeSchema,
} from '../../../shared/contracts/checkout';
import type { Locale } from '../../../shared/locale';
import type { CartLine } from '../orders/orders.service';

/**
 * What the shop writes into a PaymentIntent's metadata before the card is confirmed, so the webhook
 * can complete the purchase when the browser never comes back. Stripe allows 50 keys of up to 500
 * characters, so the cart ("<guide id>:<quantity>:<unit price in cents>,…") is split over
 * `items_0`, `items_1`, …. The price is the one the shopper was charged: the order is made at it
 * even if the guide's price changed or it was withdrawn before the claim.
 */
export interface CheckoutMetadata {
  customer: Customer;
  locale: Locale;
  items: CartLine[];
  /** The allowed origin the checkout was started through (http(s)://host), for the order's emails. */
  origin?: string;
  /** The discount code the amount was computed with (issue 18). */
  discountCode?: string;
}

const ORIGIN = /^https?:\/\/[^/\s]+$/;

/** Marks the intents this shop created; events about any other payment on the account are ignored. */
const SHOP = 'guides-afrique';
const LINES_PER_KEY = 10; // 10 × "uuid:qq:cccccccc," ≤ 490 characters

export function isShopPayment(metadata: Record<string, string>): boolean {
  return metadata.shop === SHOP;
}

export function encodeCheckoutMetadata(checkout: CheckoutMetadata): Record<string, string> {
  const metadata: Record<string, string> = {
    shop: SHOP,
    locale: checkout.locale,
    email: checkout.customer.email,
    first_name: checkout.customer.firstName,
    last_name: checkout.customer.lastName,
    mobile: checkout.customer.mobile,
  };
  if (checkout.origin) metadata.origin = checkout.origin;
  if (checkout.customer.whatsapp) metadata.whatsapp = '1';
  if (checkout.discountCode) metadata.discount_code = checkout.discountCode;
  // Sorted, so the same cart in another order writes the same metadata (and the same idempotency key).
  const lines = checkout.items
    .map((line) =>
      [line.id.toLowerCase(), line.quantity, ...(line.unitCents === undefined ? [] : [line.unitCents])].join(
        ':',
      ),
    )
    .sort();
  for (let i = 0; i * LINES_PER_KEY < lines.length; i++) {
    metadata[`items_${i}`] = lines.slice(i * LINES_PER_KEY, (i + 1) * LINES_PER_KEY).join(',');
  }
  return metadata;
}

// The same cart and customer schemas the shop checked before creating the intent, nothing looser.
const decodedSchema = z.object({
  customer: customerSchema,
  locale: localeSchema,
  items: cartLinesSchema,
  discountCode: discountCodeSchema.optional(),
});
const unitCentsSchema = z.array(z.int().min(0).max(10_000_000).optional());

export class MetadataError extends Error {}

/** Reads back what encodeCheckoutMetadata wrote; throws MetadataError when it does not parse. */
export function decodeCheckoutMetadata(metadata: Record<string, string>): CheckoutMetadata {
  const lines: string[] = [];
  for (let i = 0; metadata[`items_${i}`] !== undefined; i++) {
    lines.push(...metadata[`items_${i}`]!.split(','));
  }
  // Intents made before prices were recorded have "<id>:<quantity>" only.
  const unitCents = unitCentsSchema.safeParse(
    lines.map((line) => {
      const cents = line.split(':')[2];
      return cents === undefined ? undefined : Number(cents);
    }),
  );
  const parsed = decodedSchema.safeParse({
    customer: {
      email: metadata.email,
      firstName: metadata.first_name,
      lastName: metadata.last_name,
      mobile: metadata.mobile,
      ...(metadata.whatsapp === '1' ? { whatsapp: true } : {}),
    },
    locale: metadata.locale,
    discountCode: metadata.discount_code,
    items: lines.map((line) => {
      const [id, quantity] = line.split(':');
      return { id, quantity: Number(quantity) };
    }),
  });
  if (!parsed.success || !unitCents.success) {
    const issues = parsed.error?.issues ?? unitCents.error?.issues ?? [];
    throw new MetadataError(
      `The payment's order details are unreadable: ${issues
        .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
        .join('; ')}`,
    );
  }
  const origin = metadata.origin;
  return {
    ...parsed.data,
    items: parsed.data.items.map((line, i) => {
      const cents = unitCents.data[i];
      return cents === undefined ? line : { ...line, unitCents: cents };
    }),
    origin: origin && ORIGIN.test(origin) ? origin : undefined,
  };
}

export { sameLines } from '../orders/order-lifecycle';
