import { randomUUID } from 'node:crypto';
import { stringify } from 'csv-stringify/sync';
import { asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type {
  EmailLogEntry,
  EmailRange,
  EmailStats,
} from '../../../shared/contracts/endpoints/emails.schemas';
import { paymentMethodLabel } from '../../../shared/payment-methods';
import type { Db } from '../../db/client';
import { emailLog, orderItems, orders } from '../../db/schema';
import { conflict, notFound } from '../../domain/errors';
import { hasGuideAccess } from '../../domain/guide-access';
import { recordActivity } from '../activity/activity';
import { enqueueJob } from '../jobs/jobs.service';
import { deliverOrderJob, resendLinksJob } from '../mail/delivery-jobs';
import { recordOrderEvent } from '../orders/order-events';
import { proofsOf } from '../orders/proofs-of';
import { neutraliseFormula } from './csv-cells';

const RANGE_DAYS: Record<EmailRange, number> = { '7d': 7, '30d': 30, '90d': 90 };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const since = (range: EmailRange, now: Date) => new Date(now.getTime() - RANGE_DAYS[range] * 86_400_000);

/** The email history, newest first, with what the admin needs to know about each order. */
export async function listEmails(
  db: Db,
  options: { range?: EmailRange; now?: Date; limit?: number } = {},
): Promise<EmailLogEntry[]> {
  const rows = await db
    .select({ email: emailLog, order: orders })
    .from(emailLog)
    .leftJoin(orders, eq(orders.id, emailLog.orderId))
    .where(
      options.range ? gte(emailLog.createdAt, since(options.range, options.now ?? new Date())) : undefined,
    )
    .orderBy(desc(emailLog.createdAt), desc(emailLog.id))
    .limit(options.limit ?? 500);
  const orderIds = [...new Set(rows.flatMap((r) => (r.order ? [r.order.id] : [])))];
  const guides =
    orderIds.length === 0
      ? []
      : await db
          .select({ orderId: orderItems.orderId, title: orderItems.title })
          .from(orderItems)
          .where(inArray(orderItems.orderId, orderIds))
          .orderBy(asc(orderItems.title));
  // The latest payment proof's type per order (rows come oldest first, so the last one wins).
  const receiptType = new Map<string, 'image' | 'pdf'>();
  for (const r of await proofsOf(db, orderIds))
    receiptType.set(r.orderId, r.contentType === 'application/pdf' ? 'pdf' : 'image');
  return rows.map(({ email, order }) => ({
    id: email.id,
    orderId: email.orderId,
    kind: email.kind,
    toEmail: email.toEmail,
    subject: email.subject,
    status: email.status,
    createdAt: email.createdAt.toISOString(),
    sentAt: email.sentAt?.toISOString() ?? null,
    attempts: email.attempts,
    resentCount: email.resentCount,
    lastError: email.lastError,
    purchasedGuides: order ? guides.filter((g) => g.orderId === order.id).map((g) => g.title) : [],
    orderInfo: order
      ? {
          orderNumber: order.orderNumber,
          orderStatus: order.status,
          customerName: `${order.firstName} ${order.lastName}`.trim(),
          mobile: order.phoneNumber,
          paymentMethod: order.paymentMethod,
          paymentProvider: order.paymentProvider,
          paymentReceiptUrl: receiptType.has(order.id) ? `/api/admin/receipts/${order.id}` : null,
          paymentReceiptType: receiptType.get(order.id) ?? null,
          total: order.total,
        }
      : null,
  }));
}

/** Admin spec: Total, Sent, Failed and the delivery rate (percent sent) over the range. */
export async function emailStats(db: Db, range: EmailRange, now = new Date()): Promise<EmailStats> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      sent: sql<number>`count(*) filter (where ${emailLog.status} = 'sent')::int`,
      failed: sql<number>`count(*) filter (where ${emailLog.status} = 'failed')::int`,
    })
    .from(emailLog)
    .where(gte(emailLog.createdAt, since(range, now)));
  const total = row?.total ?? 0;
  const sent = row?.sent ?? 0;
  return {
    totalEmails: total,
    sentEmails: sent,
    failedEmails: row?.failed ?? 0,
    deliveryRate: total === 0 ? 0 : (sent / total) * 100,
  };
}

/**
 * "Send Again": a completed order's delivery email through the outbox. With resend, a new email
 * that counts on the delivery's row (resent_count), as the shopper's own "resend my links" does;
 * without, the order's one delivery (a no-op once queued).
 */
export async function requestDelivery(
  db: Db,
  actor: string,
  orderId: string,
  resend: boolean,
): Promise<void> {
  const [order] = UUID.test(orderId)
    ? await db
        .select({
          id: orders.id,
          status: orders.status,
          accessRevokedAt: orders.accessRevokedAt,
          orderNumber: orders.orderNumber,
          email: orders.email,
        })
        .from(orders)
        .where(eq(orders.id, orderId))
        .limit(1)
    : [];
  if (!order) throw notFound('Order not found');
  if (order.status !== 'completed') {
    throw conflict(
      order.status === 'rejected'
        ? 'This order was rejected: there are no guides to send.'
        : 'This order is not paid yet: validate it first, which sends the guides.',
    );
  }
  if (!hasGuideAccess(order)) {
    throw conflict('Access to this order is revoked: restore it before sending the guides again.');
  }
  await db.transaction(async (tx) => {
    const queued = await enqueueJob(
      tx,
      resend ? resendLinksJob(order.id, randomUUID()) : deliverOrderJob(order.id),
    );
    // The order's one delivery, already queued: nothing was done, so nothing is recorded.
    if (!queued) return;
    const sent = { orderNumber: order.orderNumber, to: order.email, resend };
    await recordOrderEvent(tx, order.id, { kind: 'resend', actor, data: sent });
    await recordActivity(tx, {
      actor,
      action: 'order.resend',
      subjectType: 'order',
      subjectId: order.id,
      after: sent,
    });
  });
}

const CSV_COLUMNS = [
  'Email',
  'First Name',
  'Last Name',
  'Mobile Number',
  'Language',
  'Orders',
  'Completed Orders',
  'Total Spent (EUR)',
  'Payment Methods',
  'First Order',
  'Last Order',
  'Discounts (EUR)',
  'Promo Codes',
] as const;

/**
 * "Export Email List": one row per customer (by email, ignoring case), their latest name and
 * number, as CSV for Excel: UTF-8 with a BOM so accents show, CRLF rows, every text cell quoted,
 * and formula-looking cells neutralised.
 */
export async function exportCustomerCsv(db: Db): Promise<string> {
  const rows = await db
    .select({
      email: sql<string>`(array_agg(${orders.email} order by ${orders.createdAt} desc))[1]`,
      firstName: sql<string>`(array_agg(${orders.firstName} order by ${orders.createdAt} desc))[1]`,
      lastName: sql<string>`(array_agg(${orders.lastName} order by ${orders.createdAt} desc))[1]`,
      mobile: sql<string>`(array_agg(${orders.phoneNumber} order by ${orders.createdAt} desc))[1]`,
      locale: sql<string>`(array_agg(${orders.locale}::text order by ${orders.createdAt} desc))[1]`,
      orders: sql<number>`count(*)::int`,
      completed: sql<number>`count(*) filter (where ${orders.status} = 'completed')::int`,
      spent: sql<string>`coalesce(sum(${orders.total}) filter (where ${orders.status} = 'completed'), 0)::numeric(12,2)::text`,
      methods: sql<string>`string_agg(distinct ${orders.paymentMethod}::text, ', ')`,
      first: sql<Date>`min(${orders.createdAt})`,
      last: sql<Date>`max(${orders.createdAt})`,
      discounts: sql<string>`coalesce(sum(${orders.discountAmount}) filter (where ${orders.status} = 'completed'), 0)::numeric(12,2)::text`,
      codes: sql<
        string | null
      >`string_agg(distinct ${orders.discountCode}, ', ') filter (where ${orders.status} = 'completed')`,
    })
    .from(orders)
    .groupBy(sql`lower(${orders.email})`)
    .orderBy(sql`max(${orders.createdAt}) desc`);
  const date = (value: Date | string) => new Date(value).toISOString();
  const records = rows.map((r) =>
    [
      r.email,
      r.firstName,
      r.lastName,
      r.mobile,
      r.locale,
      String(r.orders),
      String(r.completed),
      r.spent,
      (r.methods ?? '')
        .split(', ')
        .filter(Boolean)
        .map((method) => paymentMethodLabel(method))
        .join(', '),
      date(r.first),
      date(r.last),
      r.discounts,
      r.codes ?? '',
    ].map((cell) => neutraliseFormula(cell ?? '')),
  );
  return stringify(records, {
    bom: true,
    header: true,
    columns: [...CSV_COLUMNS],
    quoted_string: true,
    record_delimiter: 'windows',
  });
}

/** Named for what it holds, as the other exports are: orders-…, customers-…, email-list-…. */
export const exportFileName = (now = new Date()) => `email-list-${now.toISOString().slice(0, 10)}.csv`;
