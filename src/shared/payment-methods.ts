/**
 * Every way an order is paid, once. The database enum, the API's zod enum, the order's
 * `paymentMethod` type on the server and the admin's labels are all derived from this table, so a new
 * method is one line here (plus its provider and its checkout form).
 *
 * `wire` is the value stored in `orders.payment_method` and sent in the API. It never changes:
 * mobile money keeps the spec's historical name `djamo` (the wallet first offered), which appears
 * nowhere else in the server's own vocabulary.
 */
export const PAYMENT_METHODS = {
  card: { wire: 'stripe', label: 'Card - Stripe', paidOnOrder: true },
  mobileMoney: { wire: 'djamo', label: 'Mobile Money', paidOnOrder: false },
  free: { wire: 'free', label: 'Free', paidOnOrder: true },
} as const;

type Methods = typeof PAYMENT_METHODS;
export type PaymentMethodName = keyof Methods;
/** The value stored and sent: 'stripe' | 'djamo' | 'free'. */
export type PaymentMethod = Methods[PaymentMethodName]['wire'];

/** The wire values, in the table's order (the database enum's order, which must not change). */
export const PAYMENT_METHOD_VALUES = Object.values(PAYMENT_METHODS).map((m) => m.wire) as [
  PaymentMethod,
  ...PaymentMethod[],
];

/** Short names for the server's code: `METHOD.mobileMoney` reads better than the wire's `'djamo'`. */
export const METHOD = {
  card: PAYMENT_METHODS.card.wire,
  mobileMoney: PAYMENT_METHODS.mobileMoney.wire,
  free: PAYMENT_METHODS.free.wire,
} as const satisfies Record<PaymentMethodName, PaymentMethod>;

/** Whether an order with this method is paid when it is placed (card, free) or waits for its money. */
export const isPaidOnOrder = (method: PaymentMethod): boolean =>
  Object.values(PAYMENT_METHODS).some((m) => m.wire === method && m.paidOnOrder);

/** Admin spec "Emails tab": how each payment method reads, with the wallet a shopper named. */
export function paymentMethodLabel(method: string | null | undefined, provider?: string | null): string {
  if (!method) return 'N/A';
  const known = Object.values(PAYMENT_METHODS).find((m) => m.wire === method);
  if (!known) return method[0]!.toUpperCase() + method.slice(1);
  // Paid through Wave Checkout (docs/features/wave.md): the provider the shop itself records.
  if (known.wire === METHOD.mobileMoney && provider === 'wave') return 'Wave';
  if (known.wire === METHOD.mobileMoney && provider && provider !== 'mobile_money') {
    return `${known.label} (${provider})`;
  }
  return known.label;
}
