import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Mailer } from '../../adapters/mail/mailer';
import type { FileStore } from '../../adapters/storage/file-store';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';
import {
  CARD_PAYMENT_ATTENTION_JOB,
  cardPaymentAttentionSchema,
  sendCardPaymentAttention,
} from '../checkout/payment-attention';
import { findDeliveryOrder } from '../downloads/delivery-order';
import { stampOrder } from '../downloads/stamped-files.service';
import { sendDeliveryEmail } from '../mail/mail.service';
import {
  type AutomaticPaymentDeps,
  CINETPAY_POLL_JOB,
  pollTransaction,
} from '../mobile-money/automatic-payment.service';
import { EXPIRE_MOBILE_MONEY_JOB, expireUnpaidMobileMoneyOrders } from '../mobile-money/mobile-money-expiry';
import { sendMobileMoneyEmail } from '../mobile-money/mobile-money-mail';
import {
  DELIVER_ORDER_JOB,
  MOBILE_MONEY_EMAIL_JOB,
  MOBILE_MONEY_EMAIL_KINDS,
  RESEND_LINKS_JOB,
} from './jobs.service';
import { type JobHandler, PermanentJobError } from './worker';

export interface DeliveryDeps {
  db: Db;
  files: FileStore;
  mailer: Mailer;
  config: Pick<Config, 'publicUrl' | 'port' | 'mailFrom' | 'mobileMoney'>;
  /** Automatic mobile money (CinetPay), when configured: the poller's way to the provider. */
  automaticPayment?: AutomaticPaymentDeps;
}

function parsePayload<T>(schema: z.ZodType<T>, payload: unknown): T {
  const parsed = schema.safeParse(payload);
  if (!parsed.success) throw new PermanentJobError(`Malformed job payload: ${parsed.error.message}`);
  return parsed.data;
}

async function completedOrder(db: Db, orderId: string) {
  const delivery = await findDeliveryOrder(db, { id: orderId });
  if (!delivery) throw new PermanentJobError(`Order ${orderId} does not exist`);
  // Delivery is queued in the transaction that completes the order; anything else is a bug to look at.
  if (delivery.order.status !== 'completed') {
    throw new PermanentJobError(`Order ${orderId} is ${delivery.order.status}, not completed`);
  }
  return delivery;
}

/** What the outbox worker knows how to do. Every handler is idempotent. */
export function createJobHandlers(deps: DeliveryDeps): Record<string, JobHandler> {
  return {
    [DELIVER_ORDER_JOB]: async (payload, { signal }) => {
      const { orderId } = parsePayload(z.object({ orderId: z.uuid() }), payload);
      const delivery = await completedOrder(deps.db, orderId);
      // The email only links to the order page, which stamps on demand: a stamping failure must
      // not hold the email back. It still fails this attempt, so stamping is retried.
      const stamping = await stampOrder(deps, delivery).then(
        () => undefined,
        (error: unknown) => ({ error }),
      );
      await sendDeliveryEmail(deps, delivery, { signal });
      if (stamping) throw stamping.error;
    },
    [RESEND_LINKS_JOB]: async (payload, { signal }) => {
      const { orderId, requestId } = parsePayload(
        z.object({ orderId: z.uuid(), requestId: z.uuid() }),
        payload,
      );
      const [order] = await deps.db
        .select({ status: orders.status, paymentMethod: orders.paymentMethod })
        .from(orders)
        .where(eq(orders.id, orderId))
        .limit(1);
      // Not paid yet: the shopper asked for a way back to the order, so send how to pay it.
      if (order?.paymentMethod === 'djamo' && order.status === 'pending') {
        await sendMobileMoneyEmail(
          deps,
          { kind: 'payment-instructions', orderId, resendRequestId: requestId },
          { signal },
        );
        return;
      }
      const delivery = await completedOrder(deps.db, orderId);
      await sendDeliveryEmail(deps, delivery, { resendRequestId: requestId, signal });
    },
    [MOBILE_MONEY_EMAIL_JOB]: async (payload, { signal }) => {
      const job = parsePayload(
        z.object({
          kind: z.enum(MOBILE_MONEY_EMAIL_KINDS),
          orderId: z.uuid(),
          receiptId: z.uuid().optional(),
          flag: z.string().max(40).optional(),
        }),
        payload,
      );
      await sendMobileMoneyEmail(deps, job, { signal });
    },
    [CARD_PAYMENT_ATTENTION_JOB]: async (payload, { signal }) => {
      await sendCardPaymentAttention(deps, parsePayload(cardPaymentAttentionSchema, payload), { signal });
    },
    [EXPIRE_MOBILE_MONEY_JOB]: async () => {
      await expireUnpaidMobileMoneyOrders(deps.db, deps.config.mobileMoney.expiryHours);
    },
    [CINETPAY_POLL_JOB]: async (payload) => {
      const job = parsePayload(
        z.object({ orderId: z.uuid(), transactionId: z.string().min(1), poll: z.int().min(0) }),
        payload,
      );
      if (!deps.automaticPayment) throw new PermanentJobError('Automatic payments are not set up');
      // Without the provider (its keys were removed) the order is flagged for the operator.
      await pollTransaction(deps.automaticPayment, job);
    },
  };
}
