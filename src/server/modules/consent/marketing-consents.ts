import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { CONSENT_WORDING, type ConsentChannel } from '../../../shared/consent';
import type { Locale } from '../../../shared/locale';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { marketingConsents } from '../../db/schema';

/** The boxes a buyer ticked at checkout (unticked is no consent and writes nothing). */
export interface CheckoutConsents {
  email: string;
  mobile: string;
  newsByEmail?: boolean;
  newsByWhatsapp?: boolean;
}

/**
 * Records, in the order's transaction, each consent the buyer gave at checkout with the words they
 * saw in their language (docs/features/consent.md). A box left unticked changes nothing: an
 * earlier consent stays until the person withdraws it.
 */
export async function recordCheckoutConsents(
  tx: Tx,
  order: { id: string; locale: Locale },
  consents: CheckoutConsents,
): Promise<void> {
  const channels: ConsentChannel[] = [];
  if (consents.newsByEmail) channels.push('email');
  // WhatsApp news go to the mobile number; without one there is nothing to consent to.
  if (consents.newsByWhatsapp && consents.mobile.trim()) channels.push('whatsapp');
  if (channels.length === 0) return;
  await tx.insert(marketingConsents).values(
    channels.map((channel) => ({
      channel,
      action: 'given',
      email: consents.email.trim().toLowerCase(),
      phone: channel === 'whatsapp' ? consents.mobile.trim() : null,
      orderId: order.id,
      wording: CONSENT_WORDING[channel][order.locale],
      locale: order.locale,
      source: 'checkout',
    })),
  );
}

/** Whether the latest word of this address on this channel is a consent given. */
export async function hasMarketingConsent(
  db: DbOrTx,
  channel: ConsentChannel,
  address: { email: string } | { phone: string },
): Promise<boolean> {
  const where =
    'email' in address
      ? eq(marketingConsents.email, address.email.trim().toLowerCase())
      : eq(marketingConsents.phone, address.phone.trim());
  const [latest] = await db
    .select({ action: marketingConsents.action })
    .from(marketingConsents)
    .where(and(eq(marketingConsents.channel, channel), where))
    .orderBy(desc(marketingConsents.createdAt), desc(marketingConsents.id))
    .limit(1);
  return latest?.action === 'given';
}

/**
 * True (as SQL) when the latest word of this email on the email channel is a withdrawal: the
 * sends that go without prior consent (edition notices, the review reminder) skip it
 * (docs/decisions/047-marketing-messages-and-unsubscribe.md).
 */
export function emailUnsubscribed(email: SQL | AnyPgColumn): SQL {
  return sql`coalesce((select ${marketingConsents.action} = 'withdrawn' from ${marketingConsents}
    where ${marketingConsents.email} = lower(trim(${email})) and ${marketingConsents.channel} = 'email'
    order by ${marketingConsents.createdAt} desc, ${marketingConsents.id} desc limit 1), false)`;
}

/**
 * Records a withdrawal unless the latest word already is one: a flood of clicks on one link
 * writes one row. The address is locked for the transaction so two clicks at once write one too.
 */
export async function withdrawConsent(
  db: Db,
  target: { channel: ConsentChannel; address: string; locale: Locale },
  source: 'unsubscribe_link' | 'whatsapp_stop',
): Promise<'withdrawn' | 'already'> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`consent:${target.channel}:${target.address}`}))`,
    );
    const email = target.channel === 'email';
    const [latest] = await tx
      .select({ action: marketingConsents.action, email: marketingConsents.email })
      .from(marketingConsents)
      .where(
        and(
          eq(marketingConsents.channel, target.channel),
          email ? eq(marketingConsents.email, target.address) : eq(marketingConsents.phone, target.address),
        ),
      )
      .orderBy(desc(marketingConsents.createdAt), desc(marketingConsents.id))
      .limit(1);
    if (latest?.action === 'withdrawn') return 'already';
    await tx.insert(marketingConsents).values({
      channel: target.channel,
      action: 'withdrawn',
      email: email ? target.address : (latest?.email ?? ''),
      phone: email ? null : target.address,
      wording: null,
      locale: target.locale,
      source,
    });
    return 'withdrawn';
  });
}

/** Whether this email's latest word on the email channel is a withdrawal. */
export async function isEmailUnsubscribed(db: DbOrTx, email: string): Promise<boolean> {
  const result = (await db.execute(
    sql`select ${emailUnsubscribed(sql`${email}`)} as unsubscribed`,
  )) as unknown as { rows: { unsubscribed: boolean }[] };
  return result.rows[0]?.unsubscribed === true;
}
