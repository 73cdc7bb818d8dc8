import { defineJob, type JobDefinition } from '../jobs/registry';
import type { JobHandler } from '../jobs/worker';
import { deliverOrder } from '../mail/delivery-jobs';
import { mobileMoneyEmail } from '../mobile-money/mobile-money-email-job';
import { sendWhatsAppMessage, type WhatsAppSendDeps } from './send-whatsapp-message';
import { queueWhatsAppMessage, type WhatsAppMessageKind, whatsappMessage } from './whatsapp-jobs';

/** The WhatsApp message's handler: one template per order and kind (send-whatsapp-message.ts). */
export const whatsappJobs: JobDefinition<WhatsAppSendDeps>[] = [
  defineJob(whatsappMessage, (deps: WhatsAppSendDeps, job, context) =>
    sendWhatsAppMessage(deps, job, context),
  ),
];

/**
 * The moments an order's WhatsApp message is due are jobs the outbox already runs: the delivery of
 * a paid order, and a mobile-money order's first payment instructions. Their handlers queue the
 * message first (when configured and asked for), then do their own work, so the orders and
 * payment modules know nothing of WhatsApp, and an email that fails or retries never holds the
 * message back; a message that fails is its own job and never touches the email.
 */
export function withWhatsAppMessages(
  handlers: Record<string, JobHandler>,
  deps: WhatsAppSendDeps,
): Record<string, JobHandler> {
  type Due = { kind: WhatsAppMessageKind; orderId: string } | undefined;
  const queueFirst = (kind: string, messageFor: (payload: unknown) => Due): Record<string, JobHandler> => {
    const handler = handlers[kind];
    if (!handler) return {};
    return {
      [kind]: async (payload, context) => {
        const message = messageFor(payload);
        if (message) await queueWhatsAppMessage(deps, message.kind, message.orderId);
        return handler(payload, context);
      },
    };
  };
  return {
    ...handlers,
    ...queueFirst(deliverOrder.kind, (payload) => {
      const parsed = deliverOrder.payload.safeParse(payload);
      return parsed.success ? { kind: 'order-paid', orderId: parsed.data.orderId } : undefined;
    }),
    ...queueFirst(mobileMoneyEmail.kind, (payload) => {
      const parsed = mobileMoneyEmail.payload.safeParse(payload);
      return parsed.success && parsed.data.kind === 'payment-instructions'
        ? { kind: 'mobile-money-placed', orderId: parsed.data.orderId }
        : undefined;
    }),
  };
}
