import type { Locale } from '../../../shared/locale';
import { formatEuros, formatPrice, toCents } from '../../../shared/money';
import type { ComposedEmail } from './delivery-email';
import { compose } from './email-blocks';

/** The buyer's refund email, in the order's language. */
export interface RefundEmailInput {
  locale: Locale;
  firstName: string;
  orderNumber: string;
  /** Euros refunded by this refund, e.g. "4.50". */
  amount: string;
  /** A card refund goes back to the card; a mobile-money one was sent by hand. */
  byCard: boolean;
  /** The whole order is now refunded, and its downloads are closed. */
  full: boolean;
  orderPageUrl: string;
}

const copy = {
  fr: {
    subject: (n: string) => `Remboursement de votre commande ${n}`,
    greeting: (name: string) => `Bonjour ${name},`,
    refunded: (amount: string, n: string) => `Nous vous avons remboursé ${amount} pour la commande ${n}.`,
    card: 'Le montant revient sur la carte utilisée pour le paiement, sous 5 à 10 jours ouvrés selon votre banque.',
    mobileMoney: 'Le remboursement a été fait vers votre compte mobile money.',
    full: 'La commande est entièrement remboursée : le téléchargement de ses guides est désormais fermé.',
    partial: 'Vos guides restent disponibles sur la page de votre commande :',
    help: 'Une question ? Répondez simplement à cet e-mail en indiquant votre numéro de commande.',
    signature: 'L’équipe Guides Afrique',
  },
  en: {
    subject: (n: string) => `Refund for your order ${n}`,
    greeting: (name: string) => `Hello ${name},`,
    refunded: (amount: string, n: string) => `We have refunded ${amount} for order ${n}.`,
    card: 'The amount goes back to the card you paid with, within 5 to 10 business days depending on your bank.',
    mobileMoney: 'The refund was sent to your mobile money account.',
    full: 'The order is refunded in full: downloading its guides is now closed.',
    partial: 'Your guides remain available on your order page:',
    help: 'Any question? Just reply to this email with your order number.',
    signature: 'The Guides Afrique team',
  },
} satisfies Record<Locale, unknown>;

export function composeRefundEmail(input: RefundEmailInput): ComposedEmail {
  const t = copy[input.locale];
  const cents = toCents(input.amount);
  // A card was charged in euros; mobile money was paid in FCFA, shown with its euro value as on the site.
  const amount = input.byCard ? formatEuros(cents, input.locale) : formatPrice(input.amount, input.locale);
  const name = input.firstName.replace(/\s+/g, ' ').trim();
  return compose(input.locale, t.subject(input.orderNumber), [
    t.greeting(name),
    t.refunded(amount, input.orderNumber),
    input.byCard ? t.card : t.mobileMoney,
    input.full ? t.full : t.partial,
    ...(input.full ? [] : [{ link: input.orderPageUrl }]),
    t.help,
    t.signature,
  ]);
}
