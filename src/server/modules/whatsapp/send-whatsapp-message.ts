import { and, eq, sql } from 'drizzle-orm';
import {
  sendTemplateMessage,
  type TemplateMessage,
  WhatsAppApiError,
} from '../../adapters/whatsapp/cloud-api';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { orders, whatsappMessages } from '../../db/schema';
import type { JobContext } from '../jobs/worker';
import { PermanentJobError } from '../jobs/worker';
import { recordOrderEvent } from '../orders/order-events';
import { isUnsolicited, numberHasRoom } from './number-allowance';
import { type WhatsAppMessageKind, whatsappDedupeKey } from './whatsapp-jobs';
import { composeTemplate, type TemplateConfig } from './whatsapp-templates';

export interface WhatsAppSendDeps {
  db: Db;
  config: TemplateConfig & Pick<Config, 'whatsapp' | 'limits'>;
}

type OrderRow = typeof orders.$inferSelect;

/**
 * Retryable refusals (rate limits, Meta's outages) are tried this many times with the outbox's
 * backoff (10 s doubling: about 85 minutes in all), then recorded as failed; below the worker's
 * own limit, so the failure is ours to record.
 */
export const MAX_SEND_ATTEMPTS = 10;

/** Whether the order is still one the message is about: paid for order-paid, waiting for mobile money. */
const stillDue = (kind: WhatsAppMessageKind, status: string) =>
  kind === 'order-paid' ? status === 'completed' : status === 'pending';

/**
 * The message's row: the one a first attempt wrote, or a new one. An unsolicited message to a
 * number that had its day's share is not written: the order's timeline says it was skipped.
 */
async function messageRow(
  deps: WhatsAppSendDeps,
  input: { kind: WhatsAppMessageKind; order: OrderRow; message: TemplateMessage; dedupeKey: string },
) {
  const { kind, order, message, dedupeKey } = input;
  const byKey = eq(whatsappMessages.dedupeKey, dedupeKey);
  const [existing] = await deps.db.select().from(whatsappMessages).where(byKey);
  if (existing) return existing;
  return deps.db.transaction(async (tx) => {
    const perDay = deps.config.limits.whatsappUnsolicitedPerNumberPerDay;
    if (isUnsolicited(kind, order) && !(await numberHasRoom(tx, message.to, perDay))) {
      const data = { kind, to: message.to, template: message.template, status: 'skipped', reason: SKIPPED };
      await recordOrderEvent(tx, order.id, { kind: 'whatsapp', actor: 'system', data });
      return undefined;
    }
    await tx
      .insert(whatsappMessages)
      .values({
        orderId: order.id,
        kind,
        toNumber: message.to,
        template: message.template,
        locale: order.locale,
        dedupeKey,
      })
      .onConflictDoNothing({ target: whatsappMessages.dedupeKey });
    const [row] = await tx.select().from(whatsappMessages).where(byKey);
    return row;
  });
}

const SKIPPED = 'this number already had its unsolicited message of the day';

/**
 * Sends an order's WhatsApp message once (the outbox job of whatsapp-jobs.ts). The row is written
 * before the call, so every attempt and refusal is on record; a message already accepted or
 * refused for good is not sent again. A crash between Meta's answer and our write can send it
 * twice: the Cloud API takes no idempotency key.
 */
export async function sendWhatsAppMessage(
  deps: WhatsAppSendDeps,
  job: { kind: WhatsAppMessageKind; orderId: string },
  context: Pick<JobContext, 'attempt' | 'signal'>,
): Promise<void> {
  const settings = deps.config.whatsapp;
  if (!settings) return; // switched off since it was queued
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, job.orderId)).limit(1);
  if (!order) throw new PermanentJobError(`Order ${job.orderId} does not exist`);
  if (!stillDue(job.kind, order.status)) return;
  const message = composeTemplate(deps.config, settings, job.kind, order);
  const dedupeKey = whatsappDedupeKey(job.kind, order.id);
  const row = await messageRow(deps, { kind: job.kind, order, message, dedupeKey });
  if (row?.status !== 'queued') return;

  const queued = and(eq(whatsappMessages.id, row.id), eq(whatsappMessages.status, 'queued'));
  const event = { kind: job.kind, to: message.to, template: message.template, language: message.language };
  let sent: Awaited<ReturnType<typeof sendTemplateMessage>>;
  try {
    sent = await sendTemplateMessage(settings, message, context.signal);
  } catch (error) {
    if (!(error instanceof WhatsAppApiError)) throw error;
    const final = !error.details.retryable || context.attempt >= MAX_SEND_ATTEMPTS;
    await deps.db.transaction(async (tx) => {
      const [failed] = await tx
        .update(whatsappMessages)
        .set({
          attempts: sql`${whatsappMessages.attempts} + 1`,
          errorCode: error.details.code ?? null,
          lastError: error.message.slice(0, 1000),
          updatedAt: sql`now()`,
          ...(final ? { status: 'failed' as const, failedAt: sql`now()` } : {}),
        })
        .where(queued)
        .returning({ id: whatsappMessages.id });
      if (failed && final) {
        const data = { ...event, status: 'failed', error: error.message.slice(0, 300) };
        await recordOrderEvent(tx, order.id, { kind: 'whatsapp', actor: 'whatsapp', data });
      }
    });
    // Refused for good: recorded, and the job ends here. Otherwise the outbox tries again later.
    if (final) return;
    throw error;
  }
  await deps.db.transaction(async (tx) => {
    const [accepted] = await tx
      .update(whatsappMessages)
      .set({
        status: 'sent',
        wamid: sent.wamid,
        attempts: sql`${whatsappMessages.attempts} + 1`,
        sentAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(queued)
      .returning({ id: whatsappMessages.id });
    if (accepted) {
      const data = { ...event, status: 'sent', wamid: sent.wamid };
      await recordOrderEvent(tx, order.id, { kind: 'whatsapp', actor: 'system', data });
    }
  });
}
