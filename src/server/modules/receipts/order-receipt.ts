import { createHash } from 'node:crypto';
import { toCents } from '../../../shared/money';
import { METHOD } from '../../../shared/payment-methods';
import type { Db } from '../../db/client';
import { conflict, notFound, unavailable } from '../../domain/errors';
import { findDeliveryOrder, type OrderRow } from '../downloads/delivery-order';
import { printableText } from '../downloads/stamp-pdf';
import { StampRenderError, type TypesetPdf, typeset, typesettingQueue } from '../downloads/typesetter';
import { methodOf } from '../order-desk/order-filters';
import { PUBLIC_ID_PATTERN } from '../orders/order-ids';
import { NO_RECEIPT, RECEIPT_COPY } from './receipt-copy';
import { A4, RECEIPT_FONT_SIZE, type Receipt, receiptHtml } from './receipt-html';
import { readShopDetails } from './shop-details';

export interface OrderReceiptPdf {
  pdf: Uint8Array;
  /** "recu-GA-7K3M9Q.pdf" / "receipt-GA-7K3M9Q.pdf". */
  fileName: string;
}

/**
 * Documents waiting for the typesetter beyond which a new receipt is refused (503) rather than
 * queued: its time limit counts from the request, and 16 take 2 to 4 s on a loaded 2-core machine.
 */
const MAX_WAITING = 16;
/** A name or title is printed whole up to this many characters (a 300-character name wraps). */
const TEXT_MAX = 400;

/** Only a paid order has a receipt: completed by card, mobile money or CinetPay, or a free order. */
function assertPaid(order: OrderRow): void {
  if (order.status === 'completed') return;
  const why = NO_RECEIPT[order.locale];
  const reason = order.status === 'rejected' || order.status === 'expired' ? order.status : 'waiting';
  throw conflict(why[reason], { code: `receipt_${reason === 'waiting' ? 'not_paid' : reason}` });
}

function paymentReference(order: OrderRow): string | null {
  if (order.paymentMethod === METHOD.card) return order.paymentIntentId;
  if (order.paymentMethod === METHOD.free) return null;
  // A Wave session is held as `wave:<id>` (docs/features/wave.md); the receipt prints Wave's id.
  return order.providerTransactionId?.replace(/^wave:/, '') ?? order.mobileMoneyReference;
}

/** What the receipt prints, read from the order as it is now (refunds included). */
async function readReceipt(db: Db, publicId: string, now: Date): Promise<Receipt> {
  // A malformed id cannot exist; answering without a query keeps guessing cheap for us.
  const found = PUBLIC_ID_PATTERN.test(publicId) ? await findDeliveryOrder(db, { publicId }) : undefined;
  if (!found) throw notFound('Order not found');
  const { order } = found;
  assertPaid(order);
  const method = methodOf(order);
  const provider =
    order.paymentProvider && order.paymentProvider !== 'mobile_money' ? order.paymentProvider : null;
  return {
    locale: order.locale,
    orderNumber: order.orderNumber,
    orderedAt: order.createdAt,
    paidAt: order.completedAt,
    issuedAt: now,
    shop: await readShopDetails(db, order.locale),
    buyer: {
      name: printableText(`${order.firstName} ${order.lastName}`, TEXT_MAX),
      email: printableText(order.email, TEXT_MAX),
    },
    items: found.items.map(({ item }) => ({
      title: printableText(item.title, TEXT_MAX),
      quantity: item.quantity,
      unitCents: toCents(item.unitPrice),
    })),
    discountCode: order.discountCode ? printableText(order.discountCode, TEXT_MAX) : null,
    discountCents: toCents(order.discountAmount),
    totalCents: toCents(order.total),
    refundedCents: toCents(order.refundedAmount),
    tax: {
      cents: toCents(order.taxAmount),
      rateBp: order.taxRateBp,
      label: order.taxLabel ? printableText(order.taxLabel, 40) : null,
      included: order.pricesIncludeTax,
    },
    payment: {
      method,
      provider: method === 'mobile_money' && provider ? printableText(provider, 40) : null,
      reference: paymentReference(order),
      testMode: order.testMode,
    },
  };
}

/**
 * The last receipts set, by the HTML they were set from: a second tap, two requests at once, or the
 * same order asked again the same day cost a database read, not a typesetting run. The HTML holds
 * everything printed (the issue day, any refund, the seller block), so a change makes a new entry.
 */
const recent = new Map<string, Promise<TypesetPdf>>();
const RECENT_RECEIPTS = 32;

function setReceipt(html: string): Promise<TypesetPdf> {
  const key = createHash('sha256').update(html).digest('hex');
  const known = recent.get(key);
  if (known) return known;
  if (typesettingQueue() >= MAX_WAITING) {
    throw unavailable('Receipts are being prepared for many orders right now. Please try again shortly.', 5);
  }
  const setting = typeset(html, { kind: 'pages', ...A4, fontSize: RECEIPT_FONT_SIZE });
  recent.set(key, setting);
  if (recent.size > RECENT_RECEIPTS) recent.delete(recent.keys().next().value as string);
  setting.catch(() => recent.delete(key));
  return setting;
}

/**
 * An order's receipt, made on demand so it always shows the order as it stands (a
 * refund made since included): a PDF in the order's language, not stamped, not expiring. 404 for
 * an unknown order, 409 for one that is not paid, 503 when the typesetter is busy or fails.
 */
export async function orderReceiptPdf(
  db: Db,
  publicId: string,
  now: Date = new Date(),
): Promise<OrderReceiptPdf> {
  const receipt = await readReceipt(db, publicId, now);
  try {
    const { pdf } = await setReceipt(receiptHtml(receipt));
    const number = receipt.orderNumber.replace(/[^A-Za-z0-9-]/g, '');
    return { pdf, fileName: `${RECEIPT_COPY[receipt.locale].fileName}-${number}.pdf` };
  } catch (error) {
    if (error instanceof StampRenderError) {
      throw unavailable('Your receipt could not be prepared just now. Please try again in a minute.', 30);
    }
    throw error;
  }
}
