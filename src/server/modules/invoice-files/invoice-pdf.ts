import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { creditNotes, invoices, orders } from '../../db/schema';
import { conflict, notFound, unavailable } from '../../domain/errors';
import { StampRenderError, typeset } from '../downloads/typesetter';
import type { CreditNoteDocument, InvoiceDocument } from '../invoices/invoice-document';
import { currentInvoiceOf } from '../invoices/invoice-document';
import { PUBLIC_ID_PATTERN } from '../orders/order-ids';
import { A4, RECEIPT_FONT_SIZE } from '../receipts/receipt-html';
import { INVOICE_COPY } from './invoice-copy';
import { creditNoteHtml, invoiceHtml } from './invoice-html';

export interface DocumentPdf {
  pdf: Uint8Array;
  fileName: string;
}

/** The order, by its public id (the shopper's right) or its internal id (the admin's). */
async function orderOf(db: Db, by: { publicId: string } | { orderId: string }) {
  if ('publicId' in by && !PUBLIC_ID_PATTERN.test(by.publicId)) return undefined;
  const where = 'publicId' in by ? eq(orders.publicId, by.publicId) : eq(orders.id, by.orderId);
  const [order] = await db.select({ id: orders.id, status: orders.status }).from(orders).where(where);
  return order;
}

async function setPdf(html: string, fileName: string): Promise<DocumentPdf> {
  try {
    const { pdf } = await typeset(html, { kind: 'pages', ...A4, fontSize: RECEIPT_FONT_SIZE });
    return { pdf, fileName };
  } catch (error) {
    if (error instanceof StampRenderError) {
      throw unavailable('The document could not be prepared just now. Please try again in a minute.', 30);
    }
    throw error;
  }
}

/** The invoice as issued, set again from its frozen document: the same words every time. */
export async function invoicePdf(
  db: Db,
  by: { publicId: string } | { orderId: string },
): Promise<DocumentPdf> {
  const order = await orderOf(db, by);
  if (!order) throw notFound('Order not found');
  const [invoice] = await db.select().from(invoices).where(currentInvoiceOf(order.id));
  if (!invoice)
    throw conflict('This order has no invoice: it is not paid, or had nothing to pay', {
      code: 'no_invoice',
    });
  const doc = invoice.document as InvoiceDocument;
  return setPdf(invoiceHtml(doc), `${INVOICE_COPY[doc.locale].invoiceFile}-${doc.number}.pdf`);
}

export async function creditNotePdf(
  db: Db,
  by: { publicId: string } | { orderId: string },
  number: string,
): Promise<DocumentPdf> {
  const order = await orderOf(db, by);
  if (!order) throw notFound('Order not found');
  const [note] = await db
    .select({ document: creditNotes.document })
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .where(and(eq(invoices.orderId, order.id), eq(creditNotes.number, number)));
  if (!note) throw notFound('Credit note not found');
  const doc = note.document as CreditNoteDocument;
  return setPdf(creditNoteHtml(doc), `${INVOICE_COPY[doc.locale].creditFile}-${doc.number}.pdf`);
}
