import { eq } from 'drizzle-orm';
import { isPaidOnOrder } from '../../../shared/payment-methods';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';
import { hasGuideAccess } from '../../domain/guide-access';
import { findDeliveryOrder } from '../downloads/delivery-order';
import { type StampDeps, stampOrder } from '../downloads/stamped-files.service';
import { defineJob, type JobDefinition } from '../jobs/registry';
import type { JobContext } from '../jobs/worker';
import { PermanentJobError } from '../jobs/worker';
import { deliverOrder, resendLinks } from './delivery-jobs';
import { type MailDeps, sendDeliveryEmail } from './mail.service';

export type DeliveryJobDeps = MailDeps & StampDeps;

async function completedOrder(db: Db, orderId: string) {
  const delivery = await findDeliveryOrder(db, { id: orderId });
  if (!delivery) throw new PermanentJobError(`Order ${orderId} does not exist`);
  // Delivery is queued in the transaction that completes the order; anything else is a bug to look at.
  if (delivery.order.status !== 'completed') {
    throw new PermanentJobError(`Order ${orderId} is ${delivery.order.status}, not completed`);
  }
  return delivery;
}

/**
 * The delivery's handlers. `whileUnpaid` answers "Resend my links" for an order still waiting for
 * its money (mobile money sends how to pay it); the composition root passes it, so mail does not
 * depend on the payment modules.
 */
export function deliveryJobs<D extends DeliveryJobDeps>(options: {
  whileUnpaid: (deps: D, job: { orderId: string; requestId: string }, context: JobContext) => Promise<void>;
}): JobDefinition<D>[] {
  return [
    defineJob(deliverOrder, async (deps: D, { orderId }, { signal }) => {
      const delivery = await completedOrder(deps.db, orderId);
      // The email only links to the order page, which stamps on demand: a stamping failure must
      // not hold the email back. It still fails this attempt, so stamping is retried.
      const stamping = await stampOrder(deps, delivery).then(
        () => undefined,
        (error: unknown) => ({ error }),
      );
      await sendDeliveryEmail(deps, delivery, { signal });
      if (stamping) throw stamping.error;
    }),
    defineJob(resendLinks, async (deps: D, job, context) => {
      const [order] = await deps.db
        .select({ status: orders.status, paymentMethod: orders.paymentMethod })
        .from(orders)
        .where(eq(orders.id, job.orderId))
        .limit(1);
      // Not paid yet: the shopper asked for a way back to the order, so send how to pay it.
      if (order && !isPaidOnOrder(order.paymentMethod) && order.status === 'pending') {
        await options.whileUnpaid(deps, job, context);
        return;
      }
      const delivery = await completedOrder(deps.db, job.orderId);
      // Access revoked since the ask (a full refund): its links would only answer 403.
      if (!hasGuideAccess(delivery.order)) return;
      await sendDeliveryEmail(deps, delivery, {
        resendRequestId: job.requestId,
        emailChanged: job.why === 'email_changed',
        signal: context.signal,
      });
    }),
  ];
}
