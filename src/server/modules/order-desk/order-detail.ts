import { asc, eq } from 'drizzle-orm';
import type { Money, OrderDetail } from '../../../shared/contracts/endpoints/admin-orders.schemas';
import { centsToDecimal, centsToFcfa, toCents } from '../../../shared/money';
import { METHOD } from '../../../shared/payment-methods';
import type { Db } from '../../db/client';
import { orderItems, orders } from '../../db/schema';
import { notFound } from '../../domain/errors';
import { hasGuideAccess } from '../../domain/guide-access';
import { methodOf } from './order-filters';
import { orderTimeline } from './order-timeline';

const money = (cents: number): Money => ({ euros: centsToDecimal(cents), fcfa: centsToFcfa(cents) });

export async function findOrder(db: Db, id: string) {
  const [order] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  if (!order) throw notFound('Order not found');
  return order;
}

/** An order's page: items and amounts in euros and FCFA, buyer, payment, access and timeline. */
export async function orderDetail(db: Db, id: string): Promise<OrderDetail> {
  const order = await findOrder(db, id);
  const items = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, id))
    .orderBy(asc(orderItems.title), asc(orderItems.id));
  const total = toCents(order.total);
  const discount = toCents(order.discountAmount);
  return {
    id: order.id,
    publicId: order.publicId,
    orderNumber: order.orderNumber,
    status: order.status,
    createdAt: order.createdAt.toISOString(),
    completedAt: order.completedAt?.toISOString() ?? null,
    locale: order.locale,
    buyer: {
      email: order.email,
      firstName: order.firstName,
      lastName: order.lastName,
      phone: order.phoneNumber,
    },
    payment: {
      method: methodOf(order),
      wireMethod: order.paymentMethod,
      provider: order.paymentProvider,
      providerId:
        order.paymentMethod === METHOD.card
          ? order.paymentIntentId
          : (order.providerTransactionId ?? order.mobileMoneyReference),
      mobileMoneyReference: order.mobileMoneyReference,
      providerStatus: order.providerStatus,
      verifiedBy: order.verifiedBy,
      testMode: order.testMode,
    },
    items: items.map((item) => ({
      guideId: item.guideId,
      title: item.title,
      quantity: item.quantity,
      unitPrice: money(toCents(item.unitPrice)),
      lineTotal: money(toCents(item.unitPrice) * item.quantity),
    })),
    amounts: {
      subtotal: money(total + discount),
      discountCode: discount > 0 ? order.discountCode : null,
      discount: money(discount),
      total: money(total),
      refunded: money(toCents(order.refundedAmount)),
    },
    access: {
      revokedAt: order.accessRevokedAt?.toISOString() ?? null,
      downloadable: hasGuideAccess(order),
    },
    timeline: await orderTimeline(db, order),
  };
}
