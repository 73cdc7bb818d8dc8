import { formatEuros, formatFcfaAmount, toCents } from '../../../shared/money';

/**
 * A table cell that becomes a labelled row of a card below the sm breakpoint: the <td> shows its
 * data-label on the left. Use with `max-sm:block` on the table, tbody and tr, and `max-sm:hidden`
 * on the thead, so admin tables read on a 360 px phone without sideways scrolling.
 */
export const CELL =
  'px-3 py-3 align-top max-sm:grid max-sm:grid-cols-[6rem_minmax(0,1fr)] max-sm:gap-x-3 max-sm:py-1.5 max-sm:*:col-start-2 max-sm:*:justify-self-start max-sm:before:text-xs max-sm:before:font-semibold max-sm:before:uppercase max-sm:before:text-stone-500 max-sm:before:content-[attr(data-label)]';

/** A date and time as every admin table shows it: "23 Nov 2026, 14:05". */
export function formatAdminDate(iso: string): string {
  return new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
}

/** Euros as the admin writes them, from the stored decimal: "€12.50", "€1,524.50". */
export function formatAdminEuros(euros: string): string {
  return formatEuros(toCents(euros), 'en');
}

/** Both currencies of an amount: "€15 · 9 839 FCFA" (francs always grouped by spaces). */
export function formatAdminMoney(money: { euros: string; fcfa: number }): string {
  return `${formatAdminEuros(money.euros)} · ${formatFcfaAmount(money.fcfa)}`;
}
