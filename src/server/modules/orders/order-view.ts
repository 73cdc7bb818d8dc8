import { asc, eq, sql } from 'drizzle-orm';
import type { Order, OrderTax } from '../../../shared/contracts/orders';
import { dataPriceRegion } from '../../../shared/data-cost';
import type { Db } from '../../db/client';
import { orderItems, orders } from '../../db/schema';
import { orderDocuments } from '../invoices/invoice-document';
import { PUBLIC_ID_PATTERN } from './order-ids';
import { coverUrl, selectItemsWithFiles } from './order-item-files';

type OrderRow = typeof orders.$inferSelect;

/**
 * The reads every checkout makes, built once per database as drizzle prepared statements:
 * drizzle then neither rebuilds their SQL nor their row mapping on each call, and on PostgreSQL each
 * pooled connection parses and plans them once (named statements). Outside a transaction only.
 */
function prepareReads(db: Db) {
  const byColumn = (column: typeof orders.publicId | typeof orders.paymentIntentId, name: string) =>
    db
      .select()
      .from(orders)
      .where(eq(column, sql.placeholder('value')))
      .limit(1)
      .prepare(name);
  return {
    byPublicId: byColumn(orders.publicId, 'order_by_public_id'),
    byPaymentIntent: byColumn(orders.paymentIntentId, 'order_by_payment_intent'),
    items: selectItemsWithFiles(db)
      .where(eq(orderItems.orderId, sql.placeholder('orderId')))
      .orderBy(asc(orderItems.title), asc(orderItems.id))
      .prepare('order_view_items'),
  };
}

const preparedReads = new WeakMap<Db, ReturnType<typeof prepareReads>>();

function reads(db: Db) {
  let prepared = preparedReads.get(db);
  if (!prepared) {
    prepared = prepareReads(db);
    preparedReads.set(db, prepared);
  }
  return prepared;
}

export async function findOrderByPaymentIntent(
  db: Db,
  paymentIntentId: string,
): Promise<OrderRow | undefined> {
  const [row] = await reads(db).byPaymentIntent.execute({ value: paymentIntentId });
  return row;
}

/** The order as the shopper's pages read it, by its public id only; anything else is undefined. */
export async function findOrderByPublicId(db: Db, publicId: string): Promise<Order | undefined> {
  // A malformed id cannot exist; answering without a query keeps guessing cheap for us, not for them.
  if (!PUBLIC_ID_PATTERN.test(publicId)) return undefined;
  const [order] = await reads(db).byPublicId.execute({ value: publicId });
  return order ? orderView(db, order) : undefined;
}

/** The shopper's view of an order row just read or written: one more read, for its items. */
export async function orderView(db: Db, order: OrderRow): Promise<Order> {
  const items = await reads(db).items.execute({ orderId: order.id });
  // Only a paid order with something to pay has documents: one more read for those alone.
  const documents =
    order.status === 'completed' && order.total !== '0.00'
      ? await orderDocuments(db, order.id)
      : { invoiceNumber: null, creditNotes: [] };
  return {
    id: order.publicId,
    orderNumber: order.orderNumber,
    status: order.status,
    paymentMethod: order.paymentMethod,
    email: order.email,
    firstName: order.firstName,
    lastName: order.lastName,
    total: order.total,
    discountCode: order.discountCode,
    discountAmount: order.discountAmount,
    tax: orderTaxOf(order),
    invoiceNumber: documents.invoiceNumber,
    creditNotes: documents.creditNotes,
    djamoReference: order.mobileMoneyReference,
    locale: order.locale,
    createdAt: order.createdAt.toISOString(),
    accessRevoked: order.accessRevokedAt !== null,
    items: items.map((row) => ({
      id: row.item.id,
      quantity: row.item.quantity,
      price: row.item.unitPrice,
      guide: {
        id: row.item.guideId,
        // The title the shopper bought, even if the guide was renamed since.
        title: row.item.title,
        imageUrl: coverUrl(row.coverName),
        fileSize: row.pdfSize,
        fileName: row.pdfName,
        locale: row.guideLocale,
        hasSecondary: row.secondaryFileId !== null,
        lightFileSize: row.lightSize,
        dataRegion: dataPriceRegion({ title: row.item.title, description: row.description }),
      },
    })),
  };
}

/** The tax line the order was placed with. */
export function orderTaxOf(order: OrderRow): OrderTax {
  return {
    amount: order.taxAmount,
    rateBp: order.taxRateBp,
    label: order.taxLabel,
    country: order.taxCountry,
    pricesIncludeTax: order.pricesIncludeTax,
  };
}
