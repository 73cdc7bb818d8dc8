import { centsToDecimal, centsToFcfa } from '../../../shared/money';

/**
 * The page a shopper pays a mobile-money order on: the configured template with {reference},
 * {amount} (FCFA) and {amountEur} filled in. Shared by the payment proof flow, its emails and the order page.
 */
export function paymentUrlFor(template: string, values: { reference: string; totalCents: number }): string {
  const filled: Record<string, string> = {
    reference: values.reference,
    amount: String(centsToFcfa(values.totalCents)),
    amountEur: centsToDecimal(values.totalCents),
  };
  // new URL() percent-encodes the braces of a template.
  return template.replace(/(?:\{|%7B)(reference|amount|amountEur)(?:\}|%7D)/gi, (_m, name: string) =>
    encodeURIComponent(filled[name === 'amounteur' ? 'amountEur' : name] ?? filled[name] ?? ''),
  );
}
