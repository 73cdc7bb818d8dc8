import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { whatsappMessages } from '../../db/schema';
import { recordOrderEvent } from '../orders/order-events';

/**
 * The part of a WhatsApp Business Account webhook the shop reads: message statuses. Everything
 * else (incoming messages, other fields) is accepted and ignored.
 */
const statusSchema = z.object({
  id: z.string().min(1).max(200),
  status: z.string().max(40),
  recipient_id: z.string().max(40).optional(),
  errors: z
    .array(
      z.object({
        code: z.number().optional(),
        title: z.string().optional(),
        message: z.string().optional(),
        error_data: z.object({ details: z.string().optional() }).optional(),
      }),
    )
    .max(20)
    .optional(),
});
export const webhookBodySchema = z.object({
  object: z.string().max(100),
  entry: z
    .array(
      z.object({
        changes: z
          .array(
            z.object({
              field: z.string().max(100),
              value: z.object({ statuses: z.array(statusSchema).max(1000).optional() }),
            }),
          )
          .max(100),
      }),
    )
    .max(100),
});
export type WebhookBody = z.infer<typeof webhookBodySchema>;
type StatusUpdate = z.infer<typeof statusSchema>;

/** Each status's column: when it first came. */
const TRACKED = {
  sent: { column: whatsappMessages.sentAt, key: 'sentAt' },
  failed: { column: whatsappMessages.failedAt, key: 'failedAt' },
  delivered: { column: whatsappMessages.deliveredAt, key: 'deliveredAt' },
  read: { column: whatsappMessages.readAt, key: 'readAt' },
} as const;
type Tracked = keyof typeof TRACKED;
const isTracked = (status: string): status is Tracked => Object.hasOwn(TRACKED, status);

/** A status only moves a message forward: a late `delivered` after `read` changes nothing but its own time. */
const rankOf = (status: SQL | typeof whatsappMessages.status) =>
  sql`array_position(array['queued','sent','failed','delivered','read']::text[], ${status}::text)`;

/**
 * Records the statuses of a verified webhook, matched by wamid: each status of a message is
 * recorded (and put on the order's timeline) the first time it comes; a repeat, an unknown wamid
 * or a status we do not track records nothing. Returns how many statuses were new.
 */
export async function applyWhatsAppStatuses(db: Db, body: WebhookBody): Promise<number> {
  let recorded = 0;
  for (const entry of body.entry) {
    for (const change of entry.changes) {
      for (const update of change.value.statuses ?? []) {
        if (isTracked(update.status) && (await applyStatus(db, update, update.status))) recorded++;
      }
    }
  }
  return recorded;
}

async function applyStatus(db: Db, update: StatusUpdate, status: Tracked): Promise<boolean> {
  const tracked = TRACKED[status];
  const error = update.errors?.[0];
  const errorText = error
    ? [error.title ?? error.message, error.error_data?.details].filter(Boolean).join(': ').slice(0, 1000)
    : undefined;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(whatsappMessages)
      .set({
        [tracked.key]: sql`now()`,
        status: sql`case when ${rankOf(whatsappMessages.status)} < ${rankOf(sql`${status}`)} then ${status}::whatsapp_status else ${whatsappMessages.status} end`,
        ...(status === 'failed' ? { errorCode: error?.code ?? null, lastError: errorText ?? null } : {}),
        updatedAt: sql`now()`,
      })
      .where(and(eq(whatsappMessages.wamid, update.id), isNull(tracked.column)))
      .returning({ orderId: whatsappMessages.orderId, kind: whatsappMessages.kind });
    if (!row) return false;
    if (row.orderId) {
      const data = {
        kind: row.kind,
        status,
        wamid: update.id,
        ...(errorText ? { error: errorText.slice(0, 300) } : {}),
      };
      await recordOrderEvent(tx, row.orderId, { kind: 'whatsapp', actor: 'whatsapp', data });
    }
    return true;
  });
}
