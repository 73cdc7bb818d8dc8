import type { Browser, Page } from 'playwright-core';
import { readEmail } from '../helpers/mail';
import type { TestSmtpServer } from '../helpers/smtp';
import { checkoutFirstCard, chooseCheckoutTab } from './harness';

/** What the mobile-money browser tests share: the shopper's checkout, the operator's sign-in, the mail. */

export const SHOPPER = { firstName: 'Aminata', lastName: 'Touré', mobile: '+225 07 11 22 33 44' };

/** The shopper's side up to the dialog: search, cart, the mobile-money tab, the form, the order. */
export async function orderByMobileMoney(page: Page, shopUrl: string, search: string, email: string) {
  await page.goto(`${shopUrl}/?search=${encodeURIComponent(search)}`);
  await checkoutFirstCard(page);
  await chooseCheckoutTab(page, 'Payer par mobile money');
  for (const [name, value] of Object.entries({ email, ...SHOPPER })) {
    await page.locator(`input[name="${name}"]`).fill(value);
  }
  await page.getByRole('button', { name: 'Commander et payer par mobile money' }).click();
  const dialog = page.getByRole('dialog', { name: 'Payez par mobile money' });
  await dialog.waitFor();
  const reference = (await dialog.getByTestId('mobile-money-reference').textContent())?.trim() ?? '';
  return { dialog, reference };
}

/** A new page in its own context (its own storage), downloads allowed. */
export async function newPage(browser: Browser, width: number, height = 900): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height }, acceptDownloads: true });
  return context.newPage();
}

export async function signedInAdmin(
  browser: Browser,
  shopUrl: string,
  adminKey: string,
  tab: 'mobile-money' | 'emails' | 'orders' | 'settings' | 'guides',
  width = 1280,
): Promise<Page> {
  const page = await newPage(browser, width);
  await page.goto(`${shopUrl}/admin/${tab}`);
  await page.getByLabel('Admin API Key').fill(adminKey);
  await page.getByRole('button', { name: 'Access Dashboard' }).click();
  await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
  // The "access granted" notice sits at the bottom of the screen for 5 s, where a pager's "Next" is:
  // closed as an operator would, so it cannot appear under a click that is already pressed.
  const notice = page.locator('li').filter({ hasText: 'Admin access granted' });
  await notice.getByRole('button').click();
  return page;
}

/** The first message to `to` whose subject matches, as it reached the SMTP server (20 s at most). */
export async function waitForMail(smtp: TestSmtpServer, to: string, subject: RegExp) {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const mail = smtp.received
      .filter((m) => m.to.includes(to))
      .map((m) => readEmail(m.raw))
      .find((m) => subject.test(m.subject));
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No mail "${subject}" reached ${to}`);
}
