import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { LIBRARY_PAGE_PATHS } from '../../../shared/library-pages';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { emailLog, guideEditions, travelGuides } from '../../db/schema';
import { unsubscribeLink } from '../consent/unsubscribe-link';
import { enqueueJob } from '../jobs/jobs.service';
import { defineJob, jobKind } from '../jobs/registry';
import { PermanentJobError } from '../jobs/worker';
import { type MailDeps, orderOrigin, sendLoggedEmail } from '../mail/mail.service';
import { type BuyerToTell, buyersToTell, countBuyersToTell } from './edition-buyers';
import { composeEditionEmail } from './edition-email';
import type { EditionRow } from './edition-rows';

/**
 * Telling past buyers of a new edition: one email per address, through the outbox, at
 * EDITION_EMAILS_PER_SECOND. One batch job at a time sends one second's worth, in address order,
 * then queues the next batch a second after it began: never 10,000 jobs due at once, and a crash
 * or a second instance only ever re-runs a batch, whose sent emails (email_log.dedupe_key) are
 * skipped. A failed address gets its own job, retried with the queue's backoff, so one bad
 * mailbox does not hold up the rest.
 */
export interface EditionJobDeps extends MailDeps {
  config: MailDeps['config'] & Pick<Config, 'jobs'>;
}

export const EDITION_EMAIL_KIND = 'new-edition';
const emailKey = (editionId: string, key: string) => `edition:${editionId}:${key}`;

const notifyBatch = jobKind(
  'notify-edition-buyers',
  z.object({ editionId: z.uuid(), after: z.string(), batch: z.int().min(0) }),
);
const notifyOne = jobKind('edition-email', z.object({ editionId: z.uuid(), key: z.string() }));

/** How many emails of a batch are in flight at once. */
const SENDING_LANES = 4;

/** One failed address, tried again on its own a minute later, then with the queue's backoff. */
const retryJob = (editionId: string, key: string) =>
  notifyOne.input(
    { editionId, key },
    { dedupeKey: `${notifyOne.kind}:${editionId}:${key}`, runAfter: new Date(Date.now() + 60_000) },
  );

const batchJob = (editionId: string, after: string, batch: number, runAfter?: Date) =>
  notifyBatch.input(
    { editionId, after, batch },
    { dedupeKey: `${notifyBatch.kind}:${editionId}:${batch}`, runAfter },
  );

/** In the publishing transaction: counts the addresses and queues the first batch. */
export async function startTellingBuyers(tx: DbOrTx, edition: EditionRow): Promise<number> {
  const total = await countBuyersToTell(tx, edition);
  await tx.update(guideEditions).set({ notifyTotal: total }).where(eq(guideEditions.id, edition.id));
  if (total > 0) await enqueueJob(tx, batchJob(edition.id, '', 0));
  return total;
}

async function editionToTell(deps: EditionJobDeps, editionId: string) {
  const [row] = await deps.db
    .select({ edition: guideEditions, guideTitle: travelGuides.title })
    .from(guideEditions)
    .innerJoin(travelGuides, eq(travelGuides.id, guideEditions.guideId))
    .where(eq(guideEditions.id, editionId))
    .limit(1);
  if (!row) throw new PermanentJobError(`Edition ${editionId} does not exist`);
  return row;
}

async function tellBuyer(
  deps: EditionJobDeps,
  { edition, guideTitle }: Awaited<ReturnType<typeof editionToTell>>,
  buyer: BuyerToTell,
  signal: AbortSignal,
) {
  const fr = buyer.locale === 'fr';
  const origin = orderOrigin(deps.config, buyer);
  const unsubscribe = await unsubscribeLink(deps.db, {
    orderId: buyer.orderId,
    locale: buyer.locale,
    origin,
  });
  const email = composeEditionEmail({
    locale: buyer.locale,
    firstName: buyer.firstName,
    guideTitle,
    label: fr ? edition.labelFr : edition.labelEn,
    changes: fr ? edition.changesFr : edition.changesEn,
    libraryUrl: `${origin}${LIBRARY_PAGE_PATHS[buyer.locale]}`,
    unsubscribe,
  });
  await sendLoggedEmail(
    deps,
    {
      dedupeKey: emailKey(edition.id, buyer.key),
      kind: EDITION_EMAIL_KIND,
      orderId: buyer.orderId,
      to: buyer.email,
      email: { ...email, headers: unsubscribe.headers },
    },
    { signal },
  );
}

export const editionJobs = [
  defineJob(notifyBatch, async (deps: EditionJobDeps, job, { signal }) => {
    const started = Date.now();
    const target = await editionToTell(deps, job.editionId);
    const limit = deps.config.jobs.editionEmailsPerSecond;
    const buyers = await buyersToTell(deps.db, target.edition, { after: job.after, limit });
    // A few at once: each email waits mostly on the SMTP server's answers, not on this process.
    let next = 0;
    const lane = async () => {
      for (let buyer = buyers[next++]; buyer; buyer = buyers[next++]) {
        try {
          await tellBuyer(deps, target, buyer, signal);
        } catch (error) {
          if (signal.aborted) throw error;
          await enqueueJob(deps.db, retryJob(job.editionId, buyer.key));
        }
      }
    };
    await Promise.all(Array.from({ length: SENDING_LANES }, lane));
    const last = buyers.at(-1);
    if (last && buyers.length === limit) {
      await enqueueJob(deps.db, batchJob(job.editionId, last.key, job.batch + 1, new Date(started + 1000)));
    }
  }),
  defineJob(notifyOne, async (deps: EditionJobDeps, job, { signal }) => {
    const target = await editionToTell(deps, job.editionId);
    const [buyer] = await buyersToTell(deps.db, target.edition, { after: '', limit: 1, key: job.key });
    // No longer a buyer to tell (refunded, revoked meanwhile): nothing to send.
    if (buyer) await tellBuyer(deps, target, buyer, signal);
  }),
];

/** How far an edition's emails have got, from email_log: sent and failed (not yet sent) addresses. */
export async function mailingProgress(db: DbOrTx, editionId: string) {
  const [row] = await db
    .select({
      sent: sql<number>`count(*) filter (where ${emailLog.status} = 'sent')`.mapWith(Number),
      failed: sql<number>`count(*) filter (where ${emailLog.status} = 'failed')`.mapWith(Number),
    })
    .from(emailLog)
    .where(
      sql`${emailLog.kind} = ${EDITION_EMAIL_KIND} and starts_with(${emailLog.dedupeKey}, ${emailKey(editionId, '')})`,
    );
  return { sent: row?.sent ?? 0, failed: row?.failed ?? 0 };
}
