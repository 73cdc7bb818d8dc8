import { asc, eq } from 'drizzle-orm';
import type { TimelineEntry } from '../../../shared/contracts/endpoints/admin-orders.schemas';
import { formatEuros, toCents } from '../../../shared/money';
import { METHOD, paymentMethodLabel } from '../../../shared/payment-methods';
import type { Db } from '../../db/client';
import { emailLog, orderEvents, type orders, paymentProofs, refunds } from '../../db/schema';

type OrderRow = typeof orders.$inferSelect;

const entry = (
  id: string,
  at: Date,
  kind: string,
  actor: string | null,
  summary: string,
  detail: string | null = null,
): TimelineEntry & { time: number } => ({
  id,
  at: at.toISOString(),
  time: at.getTime(),
  kind,
  actor,
  summary,
  detail,
});

/**
 * Everything that happened to an order, newest first, merged from where each fact is kept: the
 * order's own columns (created, paid, rejected, expired), email_log (each email, its error),
 * payment_proofs, refunds and order_events (downloads, access, email changes, resends, notes).
 */
export async function orderTimeline(db: Db, order: OrderRow): Promise<TimelineEntry[]> {
  const [emails, proofs, refundRows, events] = await Promise.all([
    db.select().from(emailLog).where(eq(emailLog.orderId, order.id)).orderBy(asc(emailLog.createdAt)),
    db.select().from(paymentProofs).where(eq(paymentProofs.orderId, order.id)),
    db.select().from(refunds).where(eq(refunds.orderId, order.id)),
    db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id)),
  ]);
  const toldByEvent = new Set(events.filter((e) => e.kind === 'refund').map((e) => text(e.data.refundId)));
  const entries = [
    ...lifecycle(order),
    ...emails.map((email) =>
      entry(
        `email:${email.id}`,
        email.sentAt ?? email.createdAt,
        'email',
        'system',
        `Email “${EMAIL_WORDS[email.kind] ?? email.kind}” to ${email.toEmail}: ${email.status}` +
          (email.attempts > 1 ? ` after ${email.attempts} attempts` : '') +
          (email.resentCount > 0 ? `, resent ${email.resentCount}×` : ''),
        email.lastError,
      ),
    ),
    ...proofs.map((proof) =>
      entry(
        `receipt:${proof.id}`,
        proof.createdAt,
        'receipt',
        'buyer',
        `Payment receipt sent (${proof.provider})`,
      ),
    ),
    // A succeeded refund is told by its order event (amount, note): listed here only without one.
    ...refundRows
      .filter((refund) => !toldByEvent.has(refund.id))
      .map((refund) =>
        entry(
          `refund:${refund.id}`,
          refund.createdAt,
          'refund',
          refund.actor,
          `Refund of ${euros(refund.amount)} (${PROVIDER_WORDS[refund.provider] ?? refund.provider}): ${refund.status}`,
          refund.note,
        ),
      ),
    ...events.map((event) => eventEntry(event)),
  ];
  // Newest first; at the same instant, what was listed later happened later (paid after created).
  return entries
    .map((line, index) => ({ line, index }))
    .sort((a, b) => b.line.time - a.line.time || b.index - a.index)
    .map(({ line: { time: _time, ...rest } }) => rest);
}

function lifecycle(order: OrderRow) {
  const decidedBy =
    order.paymentMethod === METHOD.card
      ? 'stripe'
      : order.paymentMethod === METHOD.free
        ? 'system'
        : order.providerTransactionId && !order.verifiedBy
          ? order.providerTransactionId.startsWith('wave:')
            ? 'wave'
            : 'cinetpay'
          : (order.verifiedBy ?? 'system');
  const entries = [
    entry(
      'created',
      order.createdAt,
      'created',
      'buyer',
      `Order placed (${paymentMethodLabel(order.paymentMethod, order.paymentProvider)})`,
    ),
  ];
  if (order.completedAt)
    entries.push(entry('paid', order.completedAt, 'paid', decidedBy, 'Paid: order completed'));
  if (order.rejectedAt)
    entries.push(entry('rejected', order.rejectedAt, 'rejected', decidedBy, 'Payment rejected'));
  if (order.status === 'expired')
    entries.push(entry('expired', order.updatedAt, 'expired', 'system', 'Expired unpaid'));
  return entries;
}

type EventRow = typeof orderEvents.$inferSelect;

const text = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : null;

function eventEntry(event: EventRow) {
  const data = event.data;
  const at = event.createdAt;
  const id = `event:${event.id}`;
  switch (event.kind) {
    case 'download':
      return entry(
        id,
        at,
        'download',
        event.actor,
        `Downloaded ${text(data.file) ?? 'a file'}`,
        text(data.country) ? `Country: ${text(data.country)}` : null,
      );
    case 'access_revoked':
      return entry(id, at, event.kind, event.actor, 'Access to the downloads revoked', text(data.reason));
    case 'access_restored':
      return entry(id, at, event.kind, event.actor, 'Access to the downloads restored');
    case 'email_changed':
      return entry(
        id,
        at,
        event.kind,
        event.actor,
        `Buyer’s email changed from ${text(data.from)} to ${text(data.to)}`,
      );
    case 'resend':
      return entry(id, at, event.kind, event.actor, `Delivery email resent to ${text(data.to)}`);
    case 'refund':
      return entry(
        id,
        at,
        event.kind,
        event.actor,
        `Refunded ${euros(text(data.amount) ?? '0')}${data.full === true ? ' in full: downloads closed' : ' in part'}` +
          ` (${PROVIDER_WORDS[text(data.provider) ?? ''] ?? text(data.provider) ?? 'refund'})`,
        text(data.note) ? `Note: ${text(data.note)}` : null,
      );
    case 'note':
      return entry(id, at, event.kind, event.actor, 'Private note', text(data.text));
    case 'refund_refused':
      return entry(
        id,
        at,
        event.kind,
        event.actor,
        `Refund of €${text(data.amount)} refused by ${text(data.provider) === 'wave' ? 'Wave' : 'Stripe'}`,
        text(data.reason),
      );
    case 'whatsapp':
      return entry(
        id,
        at,
        event.kind,
        event.actor,
        whatsappSummary(data),
        text(data.error) ?? text(data.reason),
      );
    default:
      return entry(id, at, event.kind, event.actor, event.kind.replaceAll('_', ' '), null);
  }
}

/** The emails as the operator knows them. */
const EMAIL_WORDS: Record<string, string> = {
  delivery: 'guides delivered',
  'resend-links': 'download links again',
  'refund-email': 'refund notice',
  rejection: 'payment rejected',
  'receipt-received': 'receipt received',
  'operator-receipt-notice': 'receipt to check, to the operator',
  'operator-payment-attention': 'payment needs a person, to the operator',
  'payment-instructions': 'how to pay',
  'payment-reminder': 'payment reminder',
};

const PROVIDER_WORDS: Record<string, string> = { stripe: 'Stripe', wave: 'Wave', manual: 'recorded by hand' };
const euros = (amount: string) => formatEuros(toCents(amount), 'en');

const WHATSAPP_MESSAGES: Record<string, string> = {
  'order-paid': 'guides ready',
  'mobile-money-placed': 'how to pay',
};

/** "WhatsApp “guides ready” to 2250700000000: sent". */
function whatsappSummary(data: Record<string, unknown>): string {
  const message = WHATSAPP_MESSAGES[text(data.kind) ?? ''] ?? text(data.kind) ?? 'message';
  const to = text(data.to);
  return `WhatsApp “${message}”${to ? ` to +${to}` : ''}: ${text(data.status) ?? 'unknown'}`;
}
