import { eq } from 'drizzle-orm';
import { toCents } from '../../../shared/money';
import type { Db, Tx } from '../../db/client';
import { invoices, orders } from '../../db/schema';
import { conflict, notFound } from '../../domain/errors';
import {
  currentInvoiceOf,
  type InvoiceDocument,
  issueInvoice,
  orderDocuments,
  writeCreditNote,
} from './invoice-document';

export interface BusinessDetails {
  businessName: string | null;
  taxId: string | null;
}

const REPLACED = { fr: 'Remplacée par la facture', en: 'Replaced by invoice' } as const;

/**
 * A buyer names the business to invoice after ordering (docs/features/invoices.md). Before the
 * invoice exists, the order keeps the details for it. Once issued, an invoice never changes: a
 * credit note cancels it whole and a new invoice, under the next number, carries the details. An
 * order already (partly) refunded is left to the operator, so the credit notes stay simple to read.
 */
export async function setBusinessDetails(db: Db, publicId: string, details: BusinessDetails) {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.publicId, publicId)).for('update');
    if (!order) throw notFound('Order not found');
    if (order.status === 'rejected' || order.status === 'expired') {
      throw conflict('This order was not paid: it has no invoice to address', { code: 'order_closed' });
    }
    const unchanged = order.buyerBusinessName === details.businessName && order.buyerTaxId === details.taxId;
    const [invoice] = await tx.select().from(invoices).where(currentInvoiceOf(order.id));
    if (!unchanged && invoice && toCents(order.refundedAmount) > 0) {
      throw conflict('This order was refunded: ask the shop to correct its invoice', { code: 'refunded' });
    }
    if (!unchanged) {
      const [updated] = await tx
        .update(orders)
        .set({ buyerBusinessName: details.businessName, buyerTaxId: details.taxId, updatedAt: new Date() })
        .where(eq(orders.id, order.id))
        .returning();
      if (invoice) await replaceInvoice(tx, updated!, invoice);
    }
    return orderDocuments(tx, order.id);
  });
}

async function replaceInvoice(
  tx: Tx,
  order: typeof orders.$inferSelect,
  invoice: typeof invoices.$inferSelect,
) {
  const now = new Date();
  await tx.update(invoices).set({ replacedAt: now }).where(eq(invoices.id, invoice.id));
  await issueInvoice(tx, order);
  const [replacement] = await tx.select().from(invoices).where(currentInvoiceOf(order.id));
  const issued = invoice.document as InvoiceDocument;
  await writeCreditNote(
    tx,
    invoice,
    {
      amountCents: issued.totalCents,
      taxCents: issued.tax.cents,
      reason: `${REPLACED[issued.locale]} ${replacement!.number}`,
      refundId: null,
    },
    now,
  );
}
