import { randomUUID } from 'node:crypto';
import { and, eq, or, sql } from 'drizzle-orm';
import { dataPriceRegion, downloadCostLines } from '../../../shared/data-cost';
import { LIBRARY_PAGE_PATHS } from '../../../shared/library-pages';
import type { Locale } from '../../../shared/locale';
import { isPaidOnOrder } from '../../../shared/payment-methods';
import type { Mailer } from '../../adapters/mail/mailer';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { emailLog, jobs, orders } from '../../db/schema';
import { hasGuideAccess } from '../../domain/guide-access';
import { isServiceUnavailable } from '../../http/errors';
import { isErasedAddress } from '../data-rights/suppression';
import type { DeliveryOrder } from '../downloads/delivery-order';
import { enqueueJob } from '../jobs/jobs.service';
import { pdfSizes } from '../light/light-copies.service';
import { type ComposedEmail, composeDeliveryEmail } from './delivery-email';
import { RESEND_LINKS_JOB, resendLinksJob } from './delivery-jobs';

export interface MailDeps {
  db: Db;
  mailer: Mailer;
  config: Pick<Config, 'publicUrl' | 'port' | 'mailFrom'>;
}

export interface LoggedEmail {
  /** One logical email: sending it again after it was sent does nothing. */
  dedupeKey: string;
  kind: string;
  orderId: string | null;
  to: string;
  email: ComposedEmail;
  /** Runs in the transaction that records the email as sent, so a follow-up count happens once. */
  onSent?: (tx: Tx) => Promise<unknown>;
}

/** `<id@shop-domain>` from MAIL_FROM's address: stable per email_log row, unique across the shop. */
export function messageIdFor(rowId: string, mailFrom: string): string {
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(mailFrom)?.[1] ?? 'guides-afrique.invalid';
  return `<${rowId}@${domain}>`;
}

/**
 * Sends one email at most once, and logs it in email_log (the admin's Emails tab).
 *
 * The row is created first (unique dedupe key), and marked sent in its own commit right after the
 * server accepts the message, so a retried job finds it sent and sends nothing; that commit waits
 * out a short database outage rather than fail. The one window left: a crash after the server
 * accepted the message and before that commit sends it again on retry, with the same Message-ID
 * (which many mail services collapse).
 */
export async function sendLoggedEmail(
  deps: MailDeps,
  input: LoggedEmail,
  options: { signal?: AbortSignal } = {},
): Promise<'sent' | 'already-sent' | 'suppressed'> {
  // An erased person is not written to (docs/features/data-rights.md); nothing is logged either.
  if (await isErasedAddress(deps.db, input.to)) return 'suppressed';
  await deps.db
    .insert(emailLog)
    .values({
      orderId: input.orderId,
      kind: input.kind,
      toEmail: input.to,
      subject: input.email.subject,
      status: 'queued',
      dedupeKey: input.dedupeKey,
    })
    .onConflictDoNothing({ target: emailLog.dedupeKey });
  const [row] = await deps.db.select().from(emailLog).where(eq(emailLog.dedupeKey, input.dedupeKey)).limit(1);
  if (!row) throw new Error(`email_log row ${input.dedupeKey} vanished`);
  if (row.status === 'sent') return 'already-sent';
  // A worker that lost its job's lease stops here: the job's new holder sends instead.
  options.signal?.throwIfAborted();

  await deps.db
    .update(emailLog)
    .set({ attempts: sql`${emailLog.attempts} + 1` })
    .where(eq(emailLog.id, row.id));
  let sent: Awaited<ReturnType<Mailer['send']>>;
  try {
    sent = await deps.mailer.send(
      { to: input.to, ...input.email, messageId: messageIdFor(row.id, deps.config.mailFrom) },
      { signal: options.signal },
    );
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await deps.db
      .update(emailLog)
      .set({ status: 'failed', lastError: message.slice(0, 2000) })
      .where(eq(emailLog.id, row.id));
    throw error;
  }
  // The message is out: a database that is down for a moment must not make the job fail here,
  // or its retry would send the message again. Wait for the database instead (up to 30 s).
  for (let delay = 250, waited = 0; ; waited += delay, delay = Math.min(delay * 2, 4000)) {
    try {
      await deps.db.transaction(async (tx) => {
        await tx
          .update(emailLog)
          .set({ status: 'sent', sentAt: sql`now()`, messageId: sent.messageId })
          .where(eq(emailLog.id, row.id));
        await input.onSent?.(tx);
      });
      return 'sent';
    } catch (error) {
      if (!isServiceUnavailable(error) || waited + delay > SENT_RECORD_PATIENCE_MS) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

/** How long a sent message waits for the database to record it before its job fails (and resends). */
const SENT_RECORD_PATIENCE_MS = 30_000;

/**
 * Where an email about an order links: PUBLIC_URL, else the allowed origin the order was placed
 * through (never a Host header as sent), else this machine.
 */
export function orderOrigin(config: MailDeps['config'], order: { origin?: string | null }): string {
  return config.publicUrl ?? order.origin ?? `http://localhost:${config.port}`;
}

/** The order page in the order's language; it mints fresh 15-minute links each time it is opened. */
export function orderPageUrl(
  config: MailDeps['config'],
  order: { publicId: string; locale: string; origin?: string | null },
): string {
  const base = orderOrigin(config, order);
  return `${base}/order-confirmation/${encodeURIComponent(order.publicId)}?lang=${order.locale}`;
}

/**
 * "My guides" in a language: every guide bought with the buyer's email, reached by a
 * sign-in link sent to it. `fragment` carries that link's token (never sent to a server).
 */
export function libraryPageUrl(
  config: MailDeps['config'],
  at: { locale: Locale; origin?: string | null },
  fragment?: string,
): string {
  const base = `${orderOrigin(config, at)}${LIBRARY_PAGE_PATHS[at.locale]}?lang=${at.locale}`;
  return fragment ? `${base}#${fragment}` : base;
}

const deliveryKey = (orderId: string) => `delivery:${orderId}`;

/**
 * The delivery email of an order, in its language, sent once per order — or once per resend
 * request, which also counts on the delivery's email_log row.
 */
export async function sendDeliveryEmail(
  deps: MailDeps,
  delivery: DeliveryOrder,
  options: { resendRequestId?: string; emailChanged?: boolean; signal?: AbortSignal } = {},
): Promise<'sent' | 'already-sent' | 'suppressed'> {
  const { order, items } = delivery;
  const resendId = options.resendRequestId;
  const sizes = await pdfSizes(
    deps.db,
    items.flatMap((entry) => (entry.guide.pdfPrimaryFileId ? [entry.guide.pdfPrimaryFileId] : [])),
  );
  const email = composeDeliveryEmail({
    locale: order.locale,
    firstName: order.firstName,
    orderNumber: order.orderNumber,
    orderPageUrl: orderPageUrl(deps.config, order),
    libraryUrl: libraryPageUrl(deps.config, order),
    guides: items.map((entry) => ({
      title: entry.item.title,
      withCompanion: !!entry.guide.pdfSecondaryFileId,
      // What each edition costs in data, in the order's language.
      costs: downloadCostLines(
        sizes.get(entry.guide.pdfPrimaryFileId ?? '') ?? { fullBytes: null, lightBytes: null },
        dataPriceRegion(entry.guide),
        order.locale,
      ),
    })),
    resend: resendId !== undefined,
    emailChanged: options.emailChanged === true,
    discount: order,
  });
  return sendLoggedEmail(
    deps,
    {
      dedupeKey: resendId ? `resend-links:${resendId}` : deliveryKey(order.id),
      kind: resendId ? 'resend-links' : 'delivery',
      orderId: order.id,
      to: order.email,
      email,
      onSent: resendId
        ? (tx) =>
            tx
              .update(emailLog)
              .set({ resentCount: sql`${emailLog.resentCount} + 1` })
              .where(eq(emailLog.dedupeKey, deliveryKey(order.id)))
        : undefined,
    },
    { signal: options.signal },
  );
}

/**
 * "Resend my links": when the order number and email match an order the buyer has access to (the
 * shop's one rule: completed, access not revoked), the delivery email
 * is queued again through the outbox; when they match a mobile-money order still waiting for its
 * payment, its payment instructions are. The caller learns nothing either way. At most
 * `perEmailPerDay` resends go to one address in 24 hours (counted in the outbox, under a lock on
 * the address, so it holds across processes); beyond that nothing is queued, silently.
 */
export async function requestLinkResend(
  db: Db,
  input: { orderNumber: string; email: string },
  limit: { perEmailPerDay: number },
): Promise<void> {
  const number = input.orderNumber.trim();
  const email = input.email.trim().toLowerCase();
  const [order] = await db
    .select({
      id: orders.id,
      email: orders.email,
      status: orders.status,
      accessRevokedAt: orders.accessRevokedAt,
      paymentMethod: orders.paymentMethod,
    })
    .from(orders)
    .where(or(eq(orders.orderNumber, number), eq(orders.orderNumber, number.toUpperCase())))
    .limit(1);
  // An order whose access the shop revoked (a full refund) has no links to send.
  const resendable =
    (order !== undefined && hasGuideAccess(order)) ||
    (order?.status === 'pending' && !isPaidOnOrder(order.paymentMethod));
  const matches = order !== undefined && resendable && order.email.trim().toLowerCase() === email;
  if (!matches) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`resend-links:${email}`}, 0))`);
    const [queued] = await tx
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(jobs)
      .innerJoin(orders, sql`${orders.id} = (${jobs.payload}->>'orderId')::uuid`)
      .where(
        and(
          eq(jobs.kind, RESEND_LINKS_JOB),
          sql`lower(${orders.email}) = ${email}`,
          sql`${jobs.createdAt} > now() - interval '24 hours'`,
        ),
      );
    if ((queued?.count ?? 0) >= limit.perEmailPerDay) return;
    await enqueueJob(tx, resendLinksJob(order.id, randomUUID()));
  });
}
