/** How the Analytics tab writes its figures (English: the admin is English only). */
/** Spec admin §9 (the contract's INDUSTRY_AVERAGE_CONVERSION_RATE; not imported: that module loads zod). */
export const INDUSTRY_AVERAGE_CONVERSION_RATE = 2.5;
export const PAGES_LIMIT = 10;
/** One definition for the card and the funnel, said on screen where each is shown. */
export const CONVERSION_DEFINITION =
  'Visits (tracked sessions) that completed a purchase, out of all visits in the range. Total Orders counts every completed order, including those placed without a tracked visit.';

export const integer = new Intl.NumberFormat('en-GB');
export const euros = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
export const percent = (value: number) => `${Number(value.toFixed(2))}%`;

export function countryName(code: string): string {
  if (!/^[A-Z]{2}$/.test(code)) return code;
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
