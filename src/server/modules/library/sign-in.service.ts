import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { LIBRARY_TOKEN_FRAGMENT } from '../../../shared/library-pages';
import type { Locale } from '../../../shared/locale';
import type { Db } from '../../db/client';
import { librarySessions, librarySignIns } from '../../db/schema';
import { forbidden, gone } from '../../domain/errors';
import { enqueueJob } from '../jobs/jobs.service';
import { defineJob, jobKind } from '../jobs/registry';
import { PermanentJobError } from '../jobs/worker';
import { libraryPageUrl, type MailDeps, sendLoggedEmail } from '../mail/mail.service';
import { hashLibraryToken, libraryEmail, newLibraryToken } from './library-tokens';
import { hasLibrary } from './list-library';
import { composeSignInEmail } from './sign-in-email';

/** a sign-in link works once, for 15 minutes; the browser it opens stays signed in 30 days. */
export const SIGN_IN_LINK_MINUTES = 15;
export const SESSION_DAYS = 30;

/** Looking the email up and sending happen here, off the request: its answer cannot tell who bought. */
export const librarySignIn = jobKind('library-sign-in', z.object({ signInId: z.uuid() }));
export const LIBRARY_SIGN_IN_JOB = librarySignIn.kind;

/**
 * Asks for a sign-in link. The same work for every email (a row and a job, under a lock on the
 * email), so the answer and its timing say nothing of the email's orders. At most `perEmailPerHour`
 * asks per email are taken, counted in the database so it holds across processes; beyond it
 * nothing is written or sent and the caller answers as for any other ask, as "Resend my links"
 * does: a stranger's asks cannot make the owner's own ask refused, only unsent until the hour of
 * the first one has passed (docs/features/library.md).
 */
export async function requestSignIn(
  db: Db,
  input: { email: string; locale: Locale; origin: string | undefined },
  limit: { perEmailPerHour: number },
): Promise<void> {
  const email = libraryEmail(input.email);
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`library-sign-in:${email}`}, 0))`);
    const [recent] = await tx
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(librarySignIns)
      .where(
        and(eq(librarySignIns.email, email), gt(librarySignIns.createdAt, sql`now() - interval '1 hour'`)),
      );
    if ((recent?.count ?? 0) >= limit.perEmailPerHour) return;
    // Old asks of this email are of no use past the hour's count: kept a day, then dropped here.
    await tx
      .delete(librarySignIns)
      .where(
        and(eq(librarySignIns.email, email), lt(librarySignIns.createdAt, sql`now() - interval '1 day'`)),
      );
    const [row] = await tx
      .insert(librarySignIns)
      .values({ email, locale: input.locale, origin: input.origin ?? null })
      .returning({ id: librarySignIns.id });
    await enqueueJob(
      tx,
      librarySignIn.input({ signInId: row!.id }, { dedupeKey: `library-sign-in:${row!.id}` }),
    );
  });
}

/**
 * The job: an email with guides gets one link (minted here, only its hash kept); any other gets
 * nothing, so the shop cannot be used to mail strangers. Sent at most once per ask.
 */
export async function sendSignInLink(
  deps: MailDeps,
  job: { signInId: string },
  options: { signal?: AbortSignal } = {},
): Promise<void> {
  const [ask] = await deps.db
    .select()
    .from(librarySignIns)
    .where(eq(librarySignIns.id, job.signInId))
    .limit(1);
  if (!ask) throw new PermanentJobError(`Library sign-in ${job.signInId} does not exist`);
  if (ask.sentAt) return;
  const buyer = await hasLibrary(deps.db, ask.email);
  if (!buyer) return;
  const token = newLibraryToken();
  await deps.db
    .update(librarySignIns)
    .set({
      tokenHash: hashLibraryToken(token),
      expiresAt: sql`now() + make_interval(mins => ${SIGN_IN_LINK_MINUTES})`,
    })
    .where(and(eq(librarySignIns.id, ask.id), isNull(librarySignIns.sentAt)));
  const link = libraryPageUrl(deps.config, ask, `${LIBRARY_TOKEN_FRAGMENT}=${token}`);
  await sendLoggedEmail(
    deps,
    {
      dedupeKey: `library-sign-in:${ask.id}`,
      kind: LIBRARY_SIGN_IN_JOB,
      orderId: null,
      to: buyer.to,
      email: composeSignInEmail(ask.locale, link),
      onSent: (tx) =>
        tx.update(librarySignIns).set({ sentAt: sql`now()` }).where(eq(librarySignIns.id, ask.id)),
    },
    options,
  );
}

export const libraryJobs = [
  defineJob(librarySignIn, (deps: MailDeps, job, { signal }) => sendSignInLink(deps, job, { signal })),
];

/**
 * Trades a sign-in link's token for a session: one conditional update marks the link used, so of
 * two redemptions at once one wins. A refusal says which (unknown, used, expired) with a code the
 * page words in its language.
 */
export async function redeemSignIn(db: Db, token: string): Promise<{ sessionToken: string; email: string }> {
  const hash = hashLibraryToken(token);
  return db.transaction(async (tx) => {
    const [link] = await tx
      .update(librarySignIns)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(librarySignIns.tokenHash, hash),
          isNull(librarySignIns.usedAt),
          gt(librarySignIns.expiresAt, sql`now()`),
        ),
      )
      .returning({ email: librarySignIns.email });
    if (!link) {
      const [known] = await tx
        .select({ usedAt: librarySignIns.usedAt })
        .from(librarySignIns)
        .where(eq(librarySignIns.tokenHash, hash))
        .limit(1);
      if (!known) throw forbidden('This sign-in link is not valid.', { code: 'link_invalid' });
      if (known.usedAt) throw gone('This sign-in link was already used.', { code: 'link_used' });
      throw gone('This sign-in link has expired: ask for a new one.', { code: 'link_expired' });
    }
    const sessionToken = newLibraryToken();
    await tx.insert(librarySessions).values({
      tokenHash: hashLibraryToken(sessionToken),
      email: link.email,
      expiresAt: sql`now() + make_interval(days => ${SESSION_DAYS})`,
    });
    return { sessionToken, email: link.email };
  });
}
