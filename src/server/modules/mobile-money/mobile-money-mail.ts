import { asc, eq } from 'drizzle-orm';
import { toCents } from '../../../shared/money';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { orderItems, orders, paymentProofs } from '../../db/schema';
import { PermanentJobError } from '../jobs/worker';
import { type MailDeps, orderOrigin, orderPageUrl, sendLoggedEmail } from '../mail/mail.service';
import { paymentUrlFor } from '../payments/payment-url';
import { type MobileMoneyEmailKind, mobileMoneyEmailKey } from './mobile-money-email-job';
import {
  composeOperatorPaymentAttention,
  composeOperatorProofNotice,
  composeProofReceivedEmail,
  composeRejectionEmail,
  type MobileMoneyEmailOrder,
} from './mobile-money-emails';
import { awaitsPayment, hoursLeft } from './payment-instructions';
import { composePaymentInstructionsEmail } from './payment-instructions-email';

export interface MobileMoneyMailDeps extends MailDeps {
  db: Db;
  config: MailDeps['config'] & Pick<Config, 'mobileMoney'>;
}

/** What every mobile money email says of the order: who, what, how much, and through which provider. */
async function emailFacts(
  db: MobileMoneyMailDeps['db'],
  order: typeof orders.$inferSelect,
  receiptId: string | undefined,
): Promise<MobileMoneyEmailOrder> {
  const items = await db
    .select({ title: orderItems.title })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.title));
  let provider = order.paymentProvider;
  if (receiptId) {
    const [proof] = await db
      .select({ provider: paymentProofs.provider })
      .from(paymentProofs)
      .where(eq(paymentProofs.id, receiptId))
      .limit(1);
    if (proof && proof.provider !== 'mobile_money') provider = proof.provider;
  }
  return {
    locale: order.locale,
    firstName: order.firstName,
    lastName: order.lastName,
    email: order.email,
    phoneNumber: order.phoneNumber,
    orderNumber: order.orderNumber,
    reference: order.mobileMoneyReference,
    total: order.total,
    discountCode: order.discountCode,
    discountAmount: order.discountAmount,
    taxAmount: order.taxAmount,
    taxRateBp: order.taxRateBp,
    taxLabel: order.taxLabel,
    pricesIncludeTax: order.pricesIncludeTax,
    paymentProvider: provider,
    guides: items.map((i) => i.title),
  };
}

/**
 * Sends one mobile-money email (from the outbox worker), once: the email_log row's dedupe key is
 * the job's, so a retried job finds it sent.
 */
export async function sendMobileMoneyEmail(
  deps: MobileMoneyMailDeps,
  job: {
    kind: MobileMoneyEmailKind;
    orderId: string;
    receiptId?: string;
    flag?: string;
    reason?: string;
    /** "Resend my links" for an unpaid order: one email per request, logged like a resend. */
    resendRequestId?: string;
  },
  options: { signal?: AbortSignal } = {},
): Promise<void> {
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, job.orderId)).limit(1);
  if (!order) throw new PermanentJobError(`Order ${job.orderId} does not exist`);
  const howToPay = job.kind === 'payment-instructions' || job.kind === 'payment-reminder';
  const expiryHours = deps.config.mobileMoney.expiryHours;
  // A payment proof or a payment came, or the order was decided or ran out: telling them to pay would be wrong.
  if (howToPay && !awaitsPayment(order, expiryHours)) return;
  const facts = await emailFacts(deps.db, order, job.receiptId);
  const page = orderPageUrl(deps.config, order);
  const adminPage = `${orderOrigin(deps.config, order)}/admin/mobile-money`;
  const toOperator = job.kind === 'operator-receipt-notice' || job.kind === 'operator-payment-attention';
  const email = howToPay
    ? composePaymentInstructionsEmail(facts, {
        occasion:
          job.kind === 'payment-instructions'
            ? { kind: 'placed' }
            : job.flag === 'last'
              ? { kind: 'last', hoursLeft: hoursLeft(order, expiryHours) }
              : { kind: 'reminder' },
        paymentUrl: paymentUrlFor(deps.config.mobileMoney.paymentUrl, {
          reference: order.mobileMoneyReference ?? '',
          totalCents: toCents(order.total),
        }),
        providers: deps.config.mobileMoney.providers,
        orderPageUrl: page,
        expiryHours,
      })
    : job.kind === 'receipt-received'
      ? composeProofReceivedEmail(facts, page)
      : job.kind === 'rejection'
        ? composeRejectionEmail(facts, page, job.reason)
        : job.kind === 'operator-payment-attention'
          ? composeOperatorPaymentAttention(
              facts,
              {
                transactionId: order.providerTransactionId ?? '—',
                providerStatus: order.providerStatus,
                reason: order.providerAttentionReason ?? 'flagged',
              },
              adminPage,
            )
          : composeOperatorProofNotice(facts, adminPage);
  await sendLoggedEmail(
    deps,
    {
      dedupeKey: job.resendRequestId ? `resend-links:${job.resendRequestId}` : mobileMoneyEmailKey(job),
      kind: job.kind,
      orderId: order.id,
      to: toOperator ? deps.config.mobileMoney.operatorEmail : order.email,
      email,
    },
    options,
  );
}
