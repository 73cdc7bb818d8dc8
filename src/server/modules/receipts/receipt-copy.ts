import type { Locale } from '../../../shared/locale';

/** How an order was paid, as a receipt names it (admin-orders' `methodOf`). */
export type ReceiptMethod = 'card' | 'mobile_money' | 'cinetpay' | 'wave' | 'free';

/** Every word a receipt prints, in the order's language. */
export const RECEIPT_COPY = {
  fr: {
    title: 'Reçu',
    number: 'Commande n°',
    orderedAt: 'Date de commande',
    paidAt: 'Date de paiement',
    issuedAt: 'Reçu établi le',
    buyer: 'Client',
    guide: 'Guide',
    quantity: 'Qté',
    unitPrice: 'Prix unitaire',
    amount: 'Montant',
    subtotal: 'Sous-total',
    discount: (code: string) => `Réduction (code ${code})`,
    total: 'Total payé',
    freeTotal: 'Total',
    refunded: 'Remboursé',
    net: 'Montant net après remboursement',
    payment: 'Paiement',
    method: 'Moyen de paiement',
    reference: 'Référence',
    methods: {
      card: 'Carte bancaire (Stripe)',
      mobile_money: 'Mobile money',
      cinetpay: 'Mobile money (CinetPay)',
      wave: 'Wave',
      free: 'Commande gratuite : aucun paiement',
    } satisfies Record<ReceiptMethod, string>,
    references: {
      card: 'Paiement Stripe',
      mobile_money: 'Référence mobile money',
      cinetpay: 'Transaction CinetPay',
      wave: 'Session Wave',
      free: '',
    } satisfies Record<ReceiptMethod, string>,
    testMode: 'Mode test : aucun paiement réel.',
    rate: 'Prix en euros, toutes taxes comprises ; montants en francs CFA au taux fixe de 655,957 FCFA pour 1 €.',
    rateTaxAdded:
      'Prix des guides en euros hors taxes, taxes ajoutées au total ; montants en francs CFA au taux fixe de 655,957 FCFA pour 1 €.',
    tax: 'Taxes',
    taxIncluded: 'incluses',
    fileName: 'recu',
    dateLocale: 'fr-FR',
  },
  en: {
    title: 'Receipt',
    number: 'Order no.',
    orderedAt: 'Order date',
    paidAt: 'Payment date',
    issuedAt: 'Receipt issued on',
    buyer: 'Customer',
    guide: 'Guide',
    quantity: 'Qty',
    unitPrice: 'Unit price',
    amount: 'Amount',
    subtotal: 'Subtotal',
    discount: (code: string) => `Discount (code ${code})`,
    total: 'Total paid',
    freeTotal: 'Total',
    refunded: 'Refunded',
    net: 'Net amount after refunds',
    payment: 'Payment',
    method: 'Payment method',
    reference: 'Reference',
    methods: {
      card: 'Card (Stripe)',
      mobile_money: 'Mobile money',
      cinetpay: 'Mobile money (CinetPay)',
      wave: 'Wave',
      free: 'Free order: no payment',
    } satisfies Record<ReceiptMethod, string>,
    references: {
      card: 'Stripe payment',
      mobile_money: 'Mobile-money reference',
      cinetpay: 'CinetPay transaction',
      wave: 'Wave session',
      free: '',
    } satisfies Record<ReceiptMethod, string>,
    testMode: 'Test mode: no real payment.',
    rate: 'Prices in euros, all taxes included; CFA franc amounts at the fixed rate of 655.957 FCFA to €1.',
    rateTaxAdded:
      'Guide prices in euros before tax, tax added to the total; CFA franc amounts at the fixed rate of 655.957 FCFA to €1.',
    tax: 'Tax',
    taxIncluded: 'included',
    fileName: 'receipt',
    dateLocale: 'en-GB',
  },
} satisfies Record<Locale, unknown>;

/** Why an order has no receipt, in the order's language: it is not paid (yet, or ever). */
export const NO_RECEIPT = {
  fr: {
    waiting:
      'Cette commande n’est pas encore payée : son reçu sera disponible une fois le paiement confirmé.',
    rejected: 'Le paiement de cette commande n’a pas été validé : elle n’a pas de reçu.',
    expired: 'Cette commande a expiré sans paiement : elle n’a pas de reçu.',
  },
  en: {
    waiting: 'This order is not paid yet: its receipt will be available once the payment is confirmed.',
    rejected: 'The payment for this order was not accepted: it has no receipt.',
    expired: 'This order expired without payment: it has no receipt.',
  },
} satisfies Record<Locale, Record<string, string>>;
