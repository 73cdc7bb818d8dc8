import { z } from 'zod';
import { localeSchema } from '../../../shared/contracts/catalogue';
import {
  type Customer,
  cartLinesSchema,
  customerSchema,
  discountCodeSchema,
} from '../../../shared/contracts/checkout';
import type { Locale } from '../../../shared/locale';
import { MAX_TAX_RATE_BP } from '../../../shared/tax';
import type { CartLine } from '../orders/orders.service';
import { type BuyerTax, NO_TAX } from '../taxes/buyer-tax';

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
  /** The discount code the amount was computed with. */
  discountCode?: string;
  /** The tax the amount was computed with: the order keeps it even if the rate changes before the claim. */
  tax?: BuyerTax;
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
  if (checkout.customer.newsByEmail) metadata.news_email = '1';
  if (checkout.customer.newsByWhatsapp) metadata.news_whatsapp = '1';
  if (checkout.discountCode) metadata.discount_code = checkout.discountCode;
  if (checkout.customer.country) metadata.country = checkout.customer.country;
  if (checkout.customer.businessName) metadata.business_name = checkout.customer.businessName;
  if (checkout.customer.taxId) metadata.tax_id = checkout.customer.taxId;
  if (checkout.tax) metadata.tax = encodeTax(checkout.tax);
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
export function decodeCheckoutMetadata(
  metadata: Record<string, string>,
): CheckoutMetadata & { tax: BuyerTax } {
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
      ...(metadata.news_email === '1' ? { newsByEmail: true } : {}),
      ...(metadata.news_whatsapp === '1' ? { newsByWhatsapp: true } : {}),
      ...(metadata.country ? { country: metadata.country } : {}),
      ...(metadata.business_name ? { businessName: metadata.business_name } : {}),
      ...(metadata.tax_id ? { taxId: metadata.tax_id } : {}),
    },
    locale: metadata.locale,
    discountCode: metadata.discount_code,
    items: lines.map((line) => {
      const [id, quantity] = line.split(':');
      return { id, quantity: Number(quantity) };
    }),
  });
  const tax = decodeTax(metadata.tax);
  if (!parsed.success || !unitCents.success || !tax.success) {
    const issues = parsed.error?.issues ?? unitCents.error?.issues ?? tax.error?.issues ?? [];
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
    tax: tax.data,
  };
}

export { sameLines } from '../orders/order-lifecycle';

const countryCode = z
  .string()
  .regex(/^[A-Z]{2}$/)
  .nullable();
const taxSchema = z.object({
  c: countryCode,
  b: z.int().min(0).max(MAX_TAX_RATE_BP),
  l: z.string().max(40).nullable(),
  i: z.boolean(),
  e: z.object({
    ip: countryCode,
    ph: countryCode,
    ch: countryCode,
    by: z.enum(['agreed', 'chosen', 'none']),
  }),
});

/** The tax in one short key (well under Stripe's 500 characters: the label is at most 40). */
function encodeTax(tax: BuyerTax): string {
  const { evidence: e } = tax;
  return JSON.stringify({
    c: tax.country,
    b: tax.rateBp,
    l: tax.label,
    i: tax.pricesIncludeTax,
    e: { ip: e.ipCountry, ph: e.phoneCountry, ch: e.chosenCountry, by: e.decidedBy },
  });
}

/** An intent made before taxes were recorded carries none: it was charged without tax. */
function decodeTax(value: string | undefined) {
  if (value === undefined) return { success: true as const, data: NO_TAX, error: undefined };
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    json = undefined;
  }
  const parsed = taxSchema.safeParse(json);
  if (!parsed.success) return { success: false as const, data: undefined, error: parsed.error };
  const { c, b, l, i, e } = parsed.data;
  const tax: BuyerTax = {
    country: c,
    rateBp: b,
    label: l,
    pricesIncludeTax: i,
    evidence: { ipCountry: e.ip, phoneCountry: e.ph, chosenCountry: e.ch, decidedBy: e.by },
  };
  return { success: true as const, data: tax, error: undefined };
}
