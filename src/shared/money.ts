/** FCFA (XOF) per euro: the fixed CFA franc peg. */
export const FCFA_PER_EURO = 655.957;

/** Parses a decimal price ("12.50", 12.5, "") into integer euro cents; anything invalid counts as 0. */
export function toCents(price: string | number | null | undefined): number {
  if (price === null || price === undefined || price === '') return 0;
  const value = typeof price === 'number' ? price : Number(String(price).trim());
  if (!Number.isFinite(value) || value < 0) return 0;
  return Math.round(value * 100);
}

/** Integer cents to the decimal string stored in numeric(10,2) columns. */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export function centsToFcfa(cents: number): number {
  return Math.round((cents / 100) * FCFA_PER_EURO);
}

/** Groups thousands with a plain space, as the spec shows ("16 399"). */
function groupThousands(n: number): string {
  return String(Math.abs(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
}

/** "16 399 FCFA (25 €)": FCFA rounded, then whole euros in parentheses. Invalid input shows 0. */
export function formatPrice(price: string | number | null | undefined): string {
  const cents = toCents(price);
  return `${groupThousands(centsToFcfa(cents))} FCFA (${groupThousands(Math.round(cents / 100))} €)`;
}
