import type { Locale } from '../../../shared/locale';
import { displayPrice } from '../../../shared/money';
import type { ComposedEmail } from '../mail/delivery-email';
import { compose, type EmailBlock } from '../mail/email-blocks';

/** What every mobile-money email says about its order. Its total is shown by displayPrice, as on the site. */
export interface MobileMoneyEmailOrder {
  locale: Locale;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  orderNumber: string;
  reference: string | null;
  total: string;
  /** The promo code and what it took off: the total above is already discounted. */
  discountCode?: string | null;
  discountAmount?: string;
  /** The tax line's figures (docs/features/taxes.md). */
  taxAmount?: string;
  taxRateBp?: number;
  taxLabel?: string | null;
  pricesIncludeTax?: boolean;
  paymentProvider: string | null;
  guides: string[];
}

const shopperCopy = {
  fr: {
    greeting: (name: string) => `Bonjour ${name},`,
    receivedSubject: (n: string) => `Reçu de paiement bien reçu – commande ${n}`,
    received: (n: string, ref: string, total: string) =>
      `Nous avons bien reçu le reçu de votre paiement mobile money pour la commande ${n} (référence ${ref}, ${total}).`,
    receivedNext:
      'Nous le vérifions sous 24 heures. Dès qu’il est validé, vous recevez vos guides par e-mail et sur la page de votre commande :',
    rejectedSubject: (n: string) => `Paiement non validé – commande ${n}`,
    rejected: (n: string, ref: string, total: string) =>
      `Nous n’avons pas pu valider votre paiement mobile money pour la commande ${n} (référence ${ref}, ${total}).`,
    rejectedReason: (reason: string) => `Motif : ${reason}`,
    rejectedNext:
      'Si vous avez bien payé, répondez à cet e-mail avec votre reçu et le numéro de transaction : nous vérifierons de nouveau.',
    orderPage: 'Votre commande :',
    signature: 'L’équipe Guides Afrique',
  },
  en: {
    greeting: (name: string) => `Hello ${name},`,
    receivedSubject: (n: string) => `We received your payment receipt – order ${n}`,
    received: (n: string, ref: string, total: string) =>
      `We have received the receipt of your mobile money payment for order ${n} (reference ${ref}, ${total}).`,
    receivedNext:
      'We will check it within 24 hours. Once it is validated, your guides arrive by email and on your order page:',
    rejectedSubject: (n: string) => `Payment not validated – order ${n}`,
    rejected: (n: string, ref: string, total: string) =>
      `We could not validate your mobile money payment for order ${n} (reference ${ref}, ${total}).`,
    rejectedReason: (reason: string) => `Reason: ${reason}`,
    rejectedNext:
      'If you did pay, reply to this email with your receipt and the transaction number: we will check again.',
    orderPage: 'Your order:',
    signature: 'The Guides Afrique team',
  },
} satisfies Record<Locale, unknown>;

/** Kept here too: the mobile-money and checkout emails import it from this module. */
export { compose, type EmailBlock };

/** To the shopper: the payment proof arrived and is checked within 24 hours. */
export function composeProofReceivedEmail(order: MobileMoneyEmailOrder, orderPageUrl: string): ComposedEmail {
  const t = shopperCopy[order.locale];
  return compose(
    order.locale,
    t.receivedSubject(order.orderNumber),
    [
      t.greeting(order.firstName.trim()),
      t.received(order.orderNumber, order.reference ?? '—', displayPrice(order.total, order.locale)),
      t.receivedNext,
    ],
    orderPageUrl,
  );
}

/** To the shopper: the operator rejected the payment. */
export function composeRejectionEmail(
  order: MobileMoneyEmailOrder,
  orderPageUrl: string,
  reason?: string,
): ComposedEmail {
  const t = shopperCopy[order.locale];
  return compose(order.locale, t.rejectedSubject(order.orderNumber), [
    t.greeting(order.firstName.trim()),
    t.rejected(order.orderNumber, order.reference ?? '—', displayPrice(order.total, order.locale)),
    ...(reason ? [t.rejectedReason(reason)] : []),
    t.rejectedNext,
    `${t.orderPage} ${orderPageUrl}`,
    t.signature,
  ]);
}

/** To the operator (the admin is English only): a payment proof waits in the Mobile Money tab. */
export function composeOperatorProofNotice(order: MobileMoneyEmailOrder, adminUrl: string): ComposedEmail {
  return compose(
    'en',
    `Receipt to check – order ${order.orderNumber} (${order.reference ?? 'no reference'})`,
    [
      `A mobile money receipt arrived for order ${order.orderNumber}, reference ${order.reference ?? '—'}.`,
      `Customer: ${order.firstName} ${order.lastName}, ${order.email}, ${order.phoneNumber}.`,
      `Amount: ${displayPrice(order.total, 'en')}${order.paymentProvider ? `, paid with ${order.paymentProvider}` : ''}.`,
      `Guides: ${order.guides.join(', ')}.`,
      'The shopper was told it is checked within 24 hours. Validate or reject it in the Mobile Money tab:',
    ],
    adminUrl,
  );
}

/**
 * To the operator: an automatic payment needs a person (a wrong amount, a payment after a rejection,
 * no confirmation from CinetPay within 24 hours). The shopper was told to expect word within 24 h.
 */
export function composeOperatorPaymentAttention(
  order: MobileMoneyEmailOrder,
  payment: { transactionId: string; providerStatus: string | null; reason: string },
  adminUrl: string,
): ComposedEmail {
  // A Wave session is held as `wave:<id>` (docs/features/wave.md).
  const wave = payment.transactionId.startsWith('wave:');
  const where = wave
    ? `Wave checkout session ${payment.transactionId.slice(5)}, last status ${payment.providerStatus ?? 'unknown'}. Look it up in Wave's Business Portal.`
    : `CinetPay transaction ${payment.transactionId}, last status ${payment.providerStatus ?? 'unknown'}. Look it up in CinetPay's back-office.`;
  return compose(
    'en',
    `${wave ? 'Wave' : 'CinetPay'} payment to check – order ${order.orderNumber}`,
    [
      `The automatic mobile money payment of order ${order.orderNumber} needs you: ${payment.reason}.`,
      where,
      `Customer: ${order.firstName} ${order.lastName}, ${order.email}, ${order.phoneNumber}.`,
      `Amount: ${displayPrice(order.total, 'en')}. Guides: ${order.guides.join(', ')}.`,
      'The shopper was told they would hear from us within 24 hours. Validate, reject or refund it; the Mobile Money tab:',
    ],
    adminUrl,
  );
}
