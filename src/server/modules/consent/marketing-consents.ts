import { and, desc, eq } from 'drizzle-orm';
import { CONSENT_WORDING, type ConsentChannel } from '../../../shared/consent';
import type { Locale } from '../../../shared/locale';
import type { DbOrTx, Tx } from '../../db/client';
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
