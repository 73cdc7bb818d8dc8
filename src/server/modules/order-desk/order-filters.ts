import { and, eq, gte, isNotNull, isNull, like, lt, notLike, or, type SQL, sql } from 'drizzle-orm';
import type {
  OrderFilters,
  OrderMethodFilter,
  OrderStatusFilter,
} from '../../../shared/contracts/endpoints/admin-orders.schemas';
import { METHOD, type PaymentMethod } from '../../../shared/payment-methods';
import { orderItems, orders } from '../../db/schema';
import { orderSearchText } from '../../db/schema/orders';

/**
 * The Orders tab's one search box and its filters as one WHERE clause. Every branch is answered by
 * an index (schema/orders.ts): the ids by their unique indexes, emails by lower(email), names and
 * emails by trigram indexes, phone numbers by their last digits, so a search stays fast on a million orders (bench/order-desk.ts).
 */
export function orderWhere(filters: OrderFilters): SQL | undefined {
  return and(
    filters.q ? searchCondition(filters.q) : undefined,
    filters.status ? statusCondition(filters.status) : undefined,
    filters.method ? methodCondition(filters.method) : undefined,
    filters.locale ? eq(orders.locale, filters.locale) : undefined,
    filters.guide
      ? sql`exists (select 1 from ${orderItems} where ${orderItems.orderId} = ${orders.id} and ${orderItems.guideId} = ${filters.guide})`
      : undefined,
    filters.from ? gte(orders.createdAt, new Date(`${filters.from}T00:00:00Z`)) : undefined,
    filters.to
      ? lt(orders.createdAt, new Date(Date.parse(`${filters.to}T00:00:00Z`) + 86_400_000))
      : undefined,
  );
}

/**
 * A refunded order keeps its status "completed": "completed" means paid and not refunded, and
 * refunded or partly refunded are read from the sum of its refunds (docs/features/order-desk.md).
 */
function statusCondition(status: OrderStatusFilter): SQL | undefined {
  switch (status) {
    case 'completed':
      return and(eq(orders.status, 'completed'), sql`${orders.refundedAmount} = 0`);
    case 'refunded':
      return and(
        eq(orders.status, 'completed'),
        sql`${orders.refundedAmount} > 0`,
        sql`${orders.refundedAmount} >= ${orders.total}`,
      );
    case 'partially_refunded':
      return and(
        eq(orders.status, 'completed'),
        sql`${orders.refundedAmount} > 0`,
        sql`${orders.refundedAmount} < ${orders.total}`,
      );
    default:
      return eq(orders.status, status);
  }
}

/** A Wave session is held as `wave:<id>` (docs/features/wave.md). */
const WAVE_SESSION = 'wave:%';

/** Mobile money is told apart by how it was paid: a CinetPay transaction, a Wave session, or a payment proof. */
function methodCondition(method: OrderMethodFilter): SQL | undefined {
  switch (method) {
    case 'card':
      return eq(orders.paymentMethod, METHOD.card);
    case 'free':
      return eq(orders.paymentMethod, METHOD.free);
    case 'cinetpay':
      return and(
        eq(orders.paymentMethod, METHOD.mobileMoney),
        isNotNull(orders.providerTransactionId),
        notLike(orders.providerTransactionId, WAVE_SESSION),
      );
    case 'wave':
      return and(
        eq(orders.paymentMethod, METHOD.mobileMoney),
        like(orders.providerTransactionId, WAVE_SESSION),
      );
    case 'mobile_money':
      return and(eq(orders.paymentMethod, METHOD.mobileMoney), isNull(orders.providerTransactionId));
  }
}

/** The filter name of an order's method, as the list shows it. */
export function methodOf(order: { paymentMethod: PaymentMethod; providerTransactionId: string | null }) {
  if (order.paymentMethod === METHOD.card) return 'card' as const;
  if (order.paymentMethod === METHOD.free) return 'free' as const;
  if (order.providerTransactionId?.startsWith('wave:')) return 'wave' as const;
  return order.providerTransactionId ? ('cinetpay' as const) : ('mobile_money' as const);
}

const likeEscaped = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);
/** Below three characters a trigram index cannot narrow anything: only the exact ids are searched. */
const FUZZY_MIN = 3;
const EMAIL_PART = /^\S*\.\S*$/;

/**
 * One box for every way a buyer names their order. The ids are compared exactly (in upper case where
 * the shop writes them so); an email with its @ exactly, ignoring case; a phone number by its last digits;
 * anything else as part of a name or an email.
 */
function searchCondition(raw: string): SQL | undefined {
  const term = raw.trim();
  if (term === '') return undefined;
  const upper = term.toUpperCase();
  const branches: (SQL | undefined)[] = [
    eq(orders.orderNumber, upper),
    eq(orders.orderNumber, `GA-${upper}`),
    eq(orders.mobileMoneyReference, upper),
    eq(orders.paymentIntentId, term),
    eq(orders.providerTransactionId, upper),
  ];
  const digits = term.replace(/[\s().-]/g, '');
  if (term.includes('@')) {
    branches.push(sql`lower(${orders.email}) = ${term.toLowerCase()}`);
  } else if (/^\+?\d{4,}$/.test(digits)) {
    const reversed = [...digits.replace('+', '')].reverse().join('');
    branches.push(sql`${orderSearchText.reversedPhoneDigits} like ${`${reversed}%`}`);
  } else if (term.length >= FUZZY_MIN) {
    const pattern = `%${likeEscaped(term.toLowerCase())}%`;
    // A dot and no space is part of an email (aïssatou.sy): names are not searched, a trigram scan less.
    if (!EMAIL_PART.test(term)) branches.push(sql`${orderSearchText.name} like ${pattern}`);
    branches.push(sql`lower(${orders.email}) like ${pattern}`);
  }
  return or(...branches);
}
