import { writeFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { orders } from '../../src/server/db/schema';
import { type GuideRow, insertOrder, type OrderRow } from '../helpers/orders';
import { pdfPageTexts } from '../helpers/pdf';
import type { TestContext } from '../helpers/test-context';

/** Spaces of every kind (the receipt glues amounts with no-break spaces) read as one plain space. */
export const flat = (text: string) => text.replace(/\s+/g, ' ');

export const receiptUrl = (order: { publicId: string }) => `/api/orders/${order.publicId}/receipt.pdf`;

/** The order's receipt, asked as the order page asks it: the PDF's bytes and the text a reader extracts. */
export async function receiptOf(ctx: TestContext, order: { publicId: string; orderNumber: string }) {
  const res = await ctx.app.inject({ url: receiptUrl(order) });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  // RECEIPT_DUMP=<folder> keeps the PDFs to look at.
  const dump = process.env.RECEIPT_DUMP;
  if (dump) await writeFile(`${dump}/${order.orderNumber}.pdf`, res.rawPayload);
  const pages = await pdfPageTexts(res.rawPayload);
  return { res, bytes: res.rawPayload, pages, text: flat(pages.join('\n')) };
}

/** A completed order written as checkout leaves it, with any of its columns set (payment ids, discount, refund). */
export async function paidOrder(
  ctx: TestContext,
  guides: GuideRow[],
  values: Partial<OrderRow> & { locale?: 'fr' | 'en' } = {},
): Promise<OrderRow> {
  const { locale, ...columns } = values;
  const { order } = await insertOrder(ctx.db, { guides, locale });
  const [updated] = await ctx.db
    .update(orders)
    .set({ paymentIntentId: `pi_3Receipt${order.orderNumber.slice(3)}`, ...columns })
    .where(eq(orders.id, order.id))
    .returning();
  return updated!;
}
