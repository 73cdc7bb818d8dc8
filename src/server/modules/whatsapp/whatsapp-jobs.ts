import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { orders } from '../../db/schema';
import { enqueueJob } from '../jobs/jobs.service';
import { jobKind } from '../jobs/registry';

/** The two messages an order can get on WhatsApp. */
export const WHATSAPP_MESSAGE_KINDS = ['order-paid', 'mobile-money-placed'] as const;
export type WhatsAppMessageKind = (typeof WHATSAPP_MESSAGE_KINDS)[number];

export const whatsappMessage = jobKind(
  'whatsapp-message',
  z.object({ kind: z.enum(WHATSAPP_MESSAGE_KINDS), orderId: z.uuid() }),
);

/** One message of each kind per order, however often its cause runs. */
export const whatsappDedupeKey = (kind: WhatsAppMessageKind, orderId: string) =>
  `whatsapp:${kind}:${orderId}`;

export interface WhatsAppQueueDeps {
  db: DbOrTx;
  config: Pick<Config, 'whatsapp'>;
}

/**
 * Queues the order's WhatsApp message when the shop is configured for WhatsApp and the buyer asked
 * for it; otherwise nothing at all. Its own job, beside the email's: a refusal or a retry of one
 * never holds the other back.
 */
export async function queueWhatsAppMessage(
  deps: WhatsAppQueueDeps,
  kind: WhatsAppMessageKind,
  orderId: string,
): Promise<boolean> {
  if (!deps.config.whatsapp) return false;
  const [order] = await deps.db
    .select({ optIn: orders.whatsappOptIn })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!order?.optIn) return false;
  return enqueueJob(
    deps.db,
    whatsappMessage.input({ kind, orderId }, { dedupeKey: whatsappDedupeKey(kind, orderId) }),
  );
}
