import type { Locale } from '../../../shared/locale';
import { displayPrice } from '../../../shared/money';
import type { ComposedEmail } from '../mail/delivery-email';
import { discountLine, taxLine } from '../mail/discount-line';
import { compose, type MobileMoneyEmailOrder } from './mobile-money-emails';

/** Which of the "how to pay" emails: at the order (or on request), a few hours later, before expiry. */
export type InstructionsOccasion =
  | { kind: 'placed' }
  | { kind: 'reminder' }
  | { kind: 'last'; hoursLeft: number };

const copy = {
  fr: {
    subject: {
      placed: (n: string) => `Comment payer votre commande ${n}`,
      reminder: (n: string) => `Rappel : votre commande ${n} attend votre paiement`,
      last: (n: string) => `Dernier rappel : votre commande ${n} expire bientôt`,
    },
    greeting: (name: string) => `Bonjour ${name},`,
    intro: {
      placed: (n: string, total: string) =>
        `Merci pour votre commande ${n}. Elle attend votre paiement mobile money de ${total}.`,
      reminder: (n: string, total: string) =>
        `Votre commande ${n} attend toujours votre paiement mobile money de ${total} : nous n’avons encore reçu ni paiement ni reçu.`,
      last: (n: string, total: string) =>
        `Votre commande ${n} attend toujours votre paiement mobile money de ${total} : nous n’avons encore reçu ni paiement ni reçu.`,
    },
    step1: (total: string) => `1. Ouvrez la page de paiement et payez ${total} :`,
    wallets: (list: string) => `Portefeuilles acceptés : ${list}.`,
    step2: (ref: string) => `2. Indiquez la référence ${ref} comme motif du paiement.`,
    step3: '3. Envoyez-nous le reçu (capture d’écran ou PDF) depuis la page de votre commande :',
    verify: 'Nous vérifions sous 24 heures, puis vous recevez vos guides par e-mail et sur cette page.',
    expiry: (hours: number) =>
      `Sans paiement, la commande est annulée ${hours} heures après avoir été passée.`,
    lastExpiry: (hours: number) => `Sans paiement, elle sera annulée dans environ ${hours} heures.`,
    signature: 'L’équipe Guides Afrique',
  },
  en: {
    subject: {
      placed: (n: string) => `How to pay for your order ${n}`,
      reminder: (n: string) => `Reminder: your order ${n} is waiting for your payment`,
      last: (n: string) => `Last reminder: your order ${n} expires soon`,
    },
    greeting: (name: string) => `Hello ${name},`,
    intro: {
      placed: (n: string, total: string) =>
        `Thank you for your order ${n}. It is waiting for your mobile money payment of ${total}.`,
      reminder: (n: string, total: string) =>
        `Your order ${n} is still waiting for your mobile money payment of ${total}: no payment or receipt has reached us yet.`,
      last: (n: string, total: string) =>
        `Your order ${n} is still waiting for your mobile money payment of ${total}: no payment or receipt has reached us yet.`,
    },
    step1: (total: string) => `1. Open the payment page and pay ${total}:`,
    wallets: (list: string) => `Accepted wallets: ${list}.`,
    step2: (ref: string) => `2. Enter the reference ${ref} as the payment note.`,
    step3: '3. Send us the receipt (screenshot or PDF) from your order page:',
    verify: 'We check it within 24 hours, then your guides arrive by email and on that page.',
    expiry: (hours: number) =>
      `Without a payment, the order is cancelled ${hours} hours after it was placed.`,
    lastExpiry: (hours: number) => `Without a payment, it will be cancelled in about ${hours} hours.`,
    signature: 'The Guides Afrique team',
  },
} satisfies Record<Locale, unknown>;

/** To the shopper: how to pay a mobile-money order and send its payment proof, in the order's language. */
export function composePaymentInstructionsEmail(
  order: MobileMoneyEmailOrder,
  details: {
    occasion: InstructionsOccasion;
    paymentUrl: string;
    providers: string[];
    orderPageUrl: string;
    expiryHours: number;
  },
): ComposedEmail {
  const t = copy[order.locale];
  const { occasion } = details;
  const total = displayPrice(order.total, order.locale);
  const discount = discountLine(order.locale, order);
  const tax = taxLine(order.locale, order);
  return compose(order.locale, t.subject[occasion.kind](order.orderNumber), [
    t.greeting(order.firstName.trim()),
    t.intro[occasion.kind](order.orderNumber, total),
    ...(discount ? [discount] : []),
    ...(tax ? [tax] : []),
    t.step1(total),
    { link: details.paymentUrl },
    t.wallets(details.providers.join(', ')),
    t.step2(order.reference ?? '—'),
    t.step3,
    { link: details.orderPageUrl },
    t.verify,
    occasion.kind === 'last' ? t.lastExpiry(occasion.hoursLeft) : t.expiry(details.expiryHours),
    t.signature,
  ]);
}
