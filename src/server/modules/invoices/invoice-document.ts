import { and, eq, isNull } from 'drizzle-orm';
import type { Locale } from '../../../shared/locale';
import { centsToFcfa, toCents } from '../../../shared/money';
import { METHOD } from '../../../shared/payment-methods';
import { refundTaxOf } from '../../../shared/tax';
import type { DbOrTx } from '../../db/client';
import { creditNotes, invoices, orderItems, type orders, type refunds } from '../../db/schema';
import { nextDocumentNumber } from './document-numbers';
import { readSeller, type Seller } from './seller';

type OrderRow = typeof orders.$inferSelect;

/** The order's invoice in force: the one not replaced by a corrected one. */
export const currentInvoiceOf = (orderId: string) =>
  and(eq(invoices.orderId, orderId), isNull(invoices.replacedAt));
type RefundRow = typeof refunds.$inferSelect;

/**
 * What an invoice says, frozen when it is issued (docs/features/invoices.md): later changes to the
 * order, the catalogue, the rates or the shop's details never reach it.
 */
export interface InvoiceDocument {
  number: string;
  issuedAt: string;
  locale: Locale;
  orderNumber: string;
  seller: Seller;
  buyer: { name: string; email: string; businessName: string | null; taxId: string | null };
  lines: { title: string; quantity: number; unitCents: number }[];
  discountCode: string | null;
  discountCents: number;
  tax: { country: string | null; rateBp: number; label: string | null; cents: number; included: boolean };
  /** Taxable amount (total less tax), tax and total, in cents; the total also in FCFA. */
  netCents: number;
  totalCents: number;
  totalFcfa: number;
  payment: { method: string; reference: string | null; paidAt: string };
  testMode: boolean;
}

/** A credit note: the invoice it corrects, the amount refunded and the tax in it. */
export interface CreditNoteDocument {
  number: string;
  issuedAt: string;
  locale: Locale;
  invoiceNumber: string;
  orderNumber: string;
  seller: Seller;
  buyer: InvoiceDocument['buyer'];
  tax: InvoiceDocument['tax'];
  /** The refund, tax included, its tax and its taxable part, in cents. */
  amountCents: number;
  taxCents: number;
  netCents: number;
  amountFcfa: number;
  reason: string | null;
}

function paymentReference(order: OrderRow): string | null {
  if (order.paymentMethod === METHOD.card) return order.paymentIntentId;
  return order.providerTransactionId ?? order.mobileMoneyReference;
}

/**
 * Issues the invoice of an order that has just been paid, in the transaction that marked it paid
 * (the order row is locked by it). Nothing for an order with nothing to pay, nor a second time.
 * A new payment method needs nothing more than to complete its orders through createOrder or
 * completeOrder, which call this.
 */
export async function issueInvoice(tx: DbOrTx, order: OrderRow): Promise<void> {
  const totalCents = toCents(order.total);
  if (totalCents === 0 || order.status !== 'completed') return;
  const [existing] = await tx.select({ id: invoices.id }).from(invoices).where(currentInvoiceOf(order.id));
  if (existing) return;
  const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id));
  const number = await nextDocumentNumber(tx, 'invoice');
  const taxCents = toCents(order.taxAmount);
  const now = new Date();
  const document: InvoiceDocument = {
    number,
    issuedAt: now.toISOString(),
    locale: order.locale,
    orderNumber: order.orderNumber,
    seller: await readSeller(tx),
    buyer: {
      name: `${order.firstName} ${order.lastName}`,
      email: order.email,
      businessName: order.buyerBusinessName,
      taxId: order.buyerTaxId,
    },
    lines: items
      .map((item) => ({ title: item.title, quantity: item.quantity, unitCents: toCents(item.unitPrice) }))
      .sort((a, b) => a.title.localeCompare(b.title)),
    discountCode: order.discountCode,
    discountCents: toCents(order.discountAmount),
    tax: {
      country: order.taxCountry,
      rateBp: order.taxRateBp,
      label: order.taxLabel,
      cents: taxCents,
      included: order.pricesIncludeTax,
    },
    netCents: totalCents - taxCents,
    totalCents,
    totalFcfa: centsToFcfa(totalCents),
    payment: {
      method: order.paymentMethod,
      reference: paymentReference(order),
      paidAt: (order.completedAt ?? now).toISOString(),
    },
    testMode: order.testMode,
  };
  await tx.insert(invoices).values({ orderId: order.id, number, document, issuedAt: now });
}

/**
 * Issues the credit note of a succeeded refund, in the refund's transaction (the order is locked):
 * the tax given back is refundTaxOf's share, so refunds adding up to the total give back exactly
 * the invoice's tax. Nothing when the order has no invoice (a free order) or the note exists.
 */
export async function issueCreditNote(
  tx: DbOrTx,
  order: OrderRow,
  refund: RefundRow,
  refundedBeforeCents: number,
): Promise<void> {
  const [invoice] = await tx.select().from(invoices).where(currentInvoiceOf(order.id));
  if (!invoice) return;
  const [existing] = await tx
    .select({ id: creditNotes.id })
    .from(creditNotes)
    .where(eq(creditNotes.refundId, refund.id));
  if (existing) return;
  const issued = invoice.document as InvoiceDocument;
  const amountCents = toCents(refund.amount);
  const taxCents = refundTaxOf(
    { totalCents: issued.totalCents, taxCents: issued.tax.cents },
    { refundedBeforeCents, amountCents },
  );
  await writeCreditNote(tx, invoice, { amountCents, taxCents, reason: refund.note, refundId: refund.id });
}

/**
 * A credit note against an invoice, numbered next in its series: `amountCents` credited, of which
 * `taxCents` tax, for a refund (`refundId`) or for the invoice's replacement (null).
 */
export async function writeCreditNote(
  tx: DbOrTx,
  invoice: { id: string; document: unknown },
  credit: { amountCents: number; taxCents: number; reason: string | null; refundId: string | null },
  now = new Date(),
): Promise<void> {
  const issued = invoice.document as InvoiceDocument;
  const number = await nextDocumentNumber(tx, 'credit_note');
  const document: CreditNoteDocument = {
    number,
    issuedAt: now.toISOString(),
    locale: issued.locale,
    invoiceNumber: issued.number,
    orderNumber: issued.orderNumber,
    seller: issued.seller,
    buyer: issued.buyer,
    tax: issued.tax,
    amountCents: credit.amountCents,
    taxCents: credit.taxCents,
    netCents: credit.amountCents - credit.taxCents,
    amountFcfa: centsToFcfa(credit.amountCents),
    reason: credit.reason,
  };
  await tx
    .insert(creditNotes)
    .values({ invoiceId: invoice.id, refundId: credit.refundId, number, document, issuedAt: now });
}

/** The numbers an order's pages link to: its invoice and its credit notes. */
export async function orderDocuments(db: DbOrTx, orderId: string) {
  const [invoice] = await db
    .select({ id: invoices.id, number: invoices.number })
    .from(invoices)
    .where(currentInvoiceOf(orderId));
  if (!invoice) return { invoiceNumber: null, creditNotes: [] };
  // Every invoice of the order: a replaced one's cancelling note stays among the order's documents.
  const notes = await db
    .select({ number: creditNotes.number })
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .where(eq(invoices.orderId, orderId))
    .orderBy(creditNotes.number);
  return { invoiceNumber: invoice.number, creditNotes: notes.map((n) => n.number) };
}
