import { desc, eq } from 'drizzle-orm';
import type { WhatsAppMessageEntry } from '../../../shared/contracts/endpoints/whatsapp.schemas';
import type { Db } from '../../db/client';
import { orders, whatsappMessages } from '../../db/schema';

const iso = (at: Date | null) => (at ? at.toISOString() : null);

/** The latest WhatsApp messages with their order's number, newest first (the Messages tab). */
export async function listWhatsAppMessages(db: Db, limit: number): Promise<WhatsAppMessageEntry[]> {
  const rows = await db
    .select({ message: whatsappMessages, orderNumber: orders.orderNumber })
    .from(whatsappMessages)
    .leftJoin(orders, eq(orders.id, whatsappMessages.orderId))
    .orderBy(desc(whatsappMessages.createdAt), desc(whatsappMessages.id))
    .limit(limit);
  return rows.map(({ message: m, orderNumber }) => ({
    id: m.id,
    orderId: m.orderId,
    orderNumber,
    kind: m.kind,
    toNumber: m.toNumber,
    template: m.template,
    locale: m.locale,
    status: m.status,
    attempts: m.attempts,
    errorCode: m.errorCode,
    lastError: m.lastError,
    createdAt: m.createdAt.toISOString(),
    sentAt: iso(m.sentAt),
    deliveredAt: iso(m.deliveredAt),
    readAt: iso(m.readAt),
    failedAt: iso(m.failedAt),
  }));
}
