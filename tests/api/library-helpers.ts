import { expect } from 'vitest';
import { LIBRARY_TOKEN_FRAGMENT } from '../../src/shared/library-pages';
import { readEmail } from '../helpers/mail';
import type { TestSmtpServer } from '../helpers/smtp';
import type { TestContext } from '../helpers/test-context';

/** A client address per test, so the per-address limits of one test do not reach another. */
let nextAddress = 10;
export const freshAddress = () => `198.51.100.${nextAddress++}`;

export function askSignIn(
  ctx: TestContext,
  email: string,
  options: { locale?: 'fr' | 'en'; remoteAddress?: string } = {},
) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/library/sign-in',
    payload: { email, locale: options.locale ?? 'fr' },
    remoteAddress: options.remoteAddress ?? freshAddress(),
  });
}

export function redeem(ctx: TestContext, token: string, remoteAddress = freshAddress()) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/library/session',
    payload: { token },
    remoteAddress,
  });
}

/** The sign-in emails the SMTP server received for an address (whatever its case), newest last. */
export const signInMails = (smtp: TestSmtpServer, to: string) =>
  smtp.received
    .filter((m) => m.to.some((address) => address.toLowerCase() === to.toLowerCase()))
    .map((m) => readEmail(m.raw))
    .filter((m) => /Mes guides|My guides/.test(m.subject));

/** The token in a sign-in email's link (in the address's fragment). */
export function tokenOf(mail: { text: string }): string {
  const match = new RegExp(`#${LIBRARY_TOKEN_FRAGMENT}=([A-Za-z0-9_-]{43})`).exec(mail.text);
  expect(match, mail.text).toBeTruthy();
  return match![1]!;
}

/** The session cookie a redemption set, as a Cookie header. */
export function cookieOf(res: { headers: Record<string, unknown> }): string {
  const set = String(res.headers['set-cookie'] ?? '');
  const pair = set.split(';', 1)[0]!;
  expect(pair).toMatch(/^ga_library=[A-Za-z0-9_-]{43}$/);
  return pair;
}

/** Signs `email` in the way a buyer does: ask, run the outbox, open the emailed link. */
export async function signIn(
  ctx: TestContext,
  smtp: TestSmtpServer,
  email: string,
  locale: 'fr' | 'en' = 'fr',
): Promise<string> {
  expect((await askSignIn(ctx, email, { locale })).statusCode).toBe(202);
  await ctx.app.services.jobs.runDueJobs();
  const mails = signInMails(smtp, email);
  const res = await redeem(ctx, tokenOf(mails.at(-1)!));
  expect(res.statusCode, res.body).toBe(200);
  return cookieOf(res);
}

export const readLibrary = (ctx: TestContext, cookie?: string) =>
  ctx.app.inject({ url: '/api/library', headers: cookie ? { cookie } : {} });
