import { and, eq, inArray } from 'drizzle-orm';
import type { Locale } from '../../../shared/locale';
import { guideReviews, orderItems, orders } from '../../db/schema';
import { isEmailUnsubscribed } from '../consent/marketing-consents';
import { unsubscribeLink } from '../consent/unsubscribe-link';
import { defineJob } from '../jobs/registry';
import { PermanentJobError } from '../jobs/worker';
import type { ComposedEmail } from '../mail/delivery-email';
import { compose } from '../mail/email-blocks';
import { type MailDeps, orderOrigin, orderPageUrl, sendLoggedEmail } from '../mail/mail.service';
import { REVIEW_REMINDER_JOB, reviewReminder } from '../orders/review-reminder-job';
import { mayReview } from './buyer-reviews';

const copy = {
  fr: {
    subject: (n: number) =>
      n > 1 ? 'Vos guides vous ont-ils aidé\u00a0?' : 'Votre guide vous a-t-il aidé\u00a0?',
    greeting: (name: string) => `Bonjour ${name},`,
    bought: (titles: string) => `Il y a quelques jours, vous avez acheté\u00a0: ${titles}.`,
    ask: 'Une note, d’un seul geste sur les étoiles, aide les prochains voyageurs à choisir. Vous pouvez ajouter quelques mots si vous le souhaitez\u00a0:',
    once: 'C’est le seul rappel que nous vous enverrons.',
    signature: 'L’équipe Guides Afrique',
  },
  en: {
    subject: (n: number) => (n > 1 ? 'Did your guides help you?' : 'Did your guide help you?'),
    greeting: (name: string) => `Hello ${name},`,
    bought: (titles: string) => `A few days ago you bought: ${titles}.`,
    ask: 'A rating, one tap on the stars, helps the next travellers choose. You can add a few words if you like:',
    once: 'This is the only reminder we will send.',
    signature: 'The Guides Afrique team',
  },
} satisfies Record<Locale, unknown>;

/** The review reminder, in the order's language, linking to the order page's reviews. */
export function composeReviewReminder(input: {
  locale: Locale;
  firstName: string;
  titles: string[];
  reviewUrl: string;
  unsubscribe?: { line: string; url: string };
}): ComposedEmail {
  const t = copy[input.locale];
  const quoted = (title: string) => (input.locale === 'fr' ? `«\u00a0${title}\u00a0»` : `“${title}”`);
  return compose(input.locale, t.subject(input.titles.length), [
    t.greeting(input.firstName.replace(/\s+/g, ' ').trim()),
    t.bought(input.titles.map(quoted).join(', ')),
    t.ask,
    { link: input.reviewUrl },
    t.once,
    t.signature,
    ...(input.unsubscribe ? [input.unsubscribe.line, { link: input.unsubscribe.url }] : []),
  ]);
}

/**
 * Sends the one review reminder of an order, if it still applies: the order is completed, never
 * refunded (even in part) nor revoked, and one of its guides has no review from its buyer yet.
 * Otherwise nothing is sent. The email log's key makes it once, whatever the retries.
 */
export async function sendReviewReminder(
  deps: MailDeps,
  job: { orderId: string },
  options: { signal?: AbortSignal } = {},
): Promise<'sent' | 'already-sent' | 'not-needed' | 'suppressed'> {
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, job.orderId)).limit(1);
  if (!order) throw new PermanentJobError(`Order ${job.orderId} does not exist`);
  if (!mayReview(order) || Number(order.refundedAmount) > 0) return 'not-needed';
  const items = await deps.db
    .select({ guideId: orderItems.guideId, title: orderItems.title })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id));
  const reviewed = await deps.db
    .select({ guideId: guideReviews.guideId })
    .from(guideReviews)
    .where(
      and(
        eq(guideReviews.buyerEmail, order.email.trim().toLowerCase()),
        inArray(
          guideReviews.guideId,
          items.map((item) => item.guideId),
        ),
      ),
    );
  const done = new Set(reviewed.map((row) => row.guideId));
  const waiting = items.filter((item) => !done.has(item.guideId));
  if (waiting.length === 0) return 'not-needed';
  // Sent without prior consent to a buyer of the order: an unsubscribed address gets none (decision 047).
  if (await isEmailUnsubscribed(deps.db, order.email)) return 'not-needed';
  const unsubscribe = await unsubscribeLink(deps.db, {
    orderId: order.id,
    locale: order.locale,
    origin: orderOrigin(deps.config, order),
  });
  const email = composeReviewReminder({
    locale: order.locale,
    firstName: order.firstName,
    titles: waiting.map((item) => item.title),
    reviewUrl: `${orderPageUrl(deps.config, order)}#reviews`,
    unsubscribe,
  });
  return sendLoggedEmail(
    deps,
    {
      dedupeKey: `${REVIEW_REMINDER_JOB}:${order.id}`,
      kind: REVIEW_REMINDER_JOB,
      orderId: order.id,
      to: order.email,
      email: { ...email, headers: unsubscribe.headers },
    },
    options,
  );
}

/** The reviews module's jobs. */
export const reviewJobs = [
  defineJob(reviewReminder, async (deps: MailDeps, job, { signal }) => {
    await sendReviewReminder(deps, job, { signal });
  }),
];
