import { z } from 'zod';
import { centsToDecimal } from '../../../shared/money';
import type { PaymentIntentView } from '../../adapters/payments/card-gateway';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { enqueueJob } from '../jobs/jobs.service';
import { defineJob, jobKind } from '../jobs/registry';
import { type MailDeps, sendLoggedEmail } from '../mail/mail.service';
import { compose } from '../mobile-money/mobile-money-emails';

/**
 * A card payment that succeeded but cannot become an order (a guide deleted before the claim, details
 * that no longer parse, a price that no longer adds up): the shopper was charged, so the operator
 * must refund or deliver by hand. Never silent: an email to OPERATOR_EMAIL through the outbox, once
 * per PaymentIntent, which also stands in the admin's Emails tab (kind `card-payment-attention`).
 */
export const cardPaymentAttentionSchema = z.object({
  paymentIntentId: z.string().min(1),
  amountCents: z.int(),
  currency: z.string(),
  buyer: z.object({
    email: z.string(),
    name: z.string(),
    mobile: z.string(),
  }),
  reason: z.string().max(1000),
});
export type CardPaymentAttention = z.infer<typeof cardPaymentAttentionSchema>;

export const cardPaymentAttention = jobKind('card-payment-attention', cardPaymentAttentionSchema);
export const CARD_PAYMENT_ATTENTION_JOB = cardPaymentAttention.kind;

const dedupeKey = (paymentIntentId: string) => `${CARD_PAYMENT_ATTENTION_JOB}:${paymentIntentId}`;

export const cardPaymentAttentionJob = (attention: CardPaymentAttention) =>
  cardPaymentAttention.input(attention, { dedupeKey: dedupeKey(attention.paymentIntentId) });

/** Queues the operator's notice; a retry of the same claim or webhook queues nothing more. */
export async function flagUnplacedPayment(db: Db, attention: CardPaymentAttention): Promise<void> {
  await enqueueJob(db, cardPaymentAttentionJob(attention));
}

/** The same, from the paid intent itself: its buyer is read from the metadata recorded at checkout. */
export function flagUnplacedIntent(db: Db, intent: PaymentIntentView, reason: string): Promise<void> {
  const m = intent.metadata;
  return flagUnplacedPayment(db, {
    paymentIntentId: intent.id,
    amountCents: intent.amount,
    currency: intent.currency,
    buyer: {
      email: m.email ?? '—',
      name: `${m.first_name ?? ''} ${m.last_name ?? ''}`.trim() || '—',
      mobile: m.mobile ?? '—',
    },
    reason,
  });
}

/** From the outbox worker: the operator's email (in English, like the admin), sent once. */
export async function sendCardPaymentAttention(
  deps: MailDeps & { config: MailDeps['config'] & Pick<Config, 'mobileMoney'> },
  attention: CardPaymentAttention,
  options: { signal?: AbortSignal } = {},
): Promise<void> {
  const amount = `${centsToDecimal(attention.amountCents)} ${attention.currency.toUpperCase()}`;
  const base = deps.config.publicUrl ?? `http://localhost:${deps.config.port}`;
  const email = compose(
    'en',
    `Card payment without an order – ${amount} from ${attention.buyer.email}`,
    [
      `A card payment succeeded but its order could not be created: ${attention.reason}.`,
      `Amount: ${amount}. Stripe PaymentIntent ${attention.paymentIntentId}.`,
      `Buyer: ${attention.buyer.name}, ${attention.buyer.email}, ${attention.buyer.mobile}.`,
      'The buyer has been charged and has no guides. Refund the payment in Stripe, or send the guides by hand. The Emails tab of the admin lists this notice:',
    ],
    `${base}/admin/emails`,
  );
  await sendLoggedEmail(
    deps,
    {
      dedupeKey: dedupeKey(attention.paymentIntentId),
      kind: CARD_PAYMENT_ATTENTION_JOB,
      orderId: null,
      to: deps.config.mobileMoney.operatorEmail,
      email,
    },
    options,
  );
}

type AttentionDeps = Parameters<typeof sendCardPaymentAttention>[0];

/** The checkout's jobs: telling the operator of a payment that made no order. */
export const checkoutJobs = [
  defineJob(cardPaymentAttention, (deps: AttentionDeps, attention, { signal }) =>
    sendCardPaymentAttention(deps, attention, { signal }),
  ),
];
