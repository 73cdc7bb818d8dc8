import type {
  AdminDiscount,
  DiscountInput,
} from '../../../shared/contracts/endpoints/admin-discounts.schemas';
import type { Locale } from '../../../shared/locale';

/** The dialog's fields as typed: strings, checkboxes' lists, '' for "none". */
export interface DiscountFormValues {
  code: string;
  kind: 'percent' | 'fixed';
  value: string;
  minimumCart: string;
  validFrom: string;
  validUntil: string;
  maxUses: string;
  maxUsesPerEmail: string;
  guideIds: string[];
  countries: string[];
  locale: Locale | '';
}

export const EMPTY_DISCOUNT: DiscountFormValues = {
  code: '',
  kind: 'percent',
  value: '',
  minimumCart: '',
  validFrom: '',
  validUntil: '',
  maxUses: '',
  maxUsesPerEmail: '',
  guideIds: [],
  countries: [],
  locale: '',
};

/** "2026-11-24T10:00" in the operator's time zone, as a datetime-local input shows an instant. */
function localInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export function valuesOf(code: AdminDiscount): DiscountFormValues {
  return {
    code: code.code,
    kind: code.kind,
    value: code.value,
    minimumCart: code.minimumCart ?? '',
    validFrom: localInput(code.validFrom),
    validUntil: localInput(code.validUntil),
    maxUses: code.maxUses === null ? '' : String(code.maxUses),
    maxUsesPerEmail: code.maxUsesPerEmail === null ? '' : String(code.maxUsesPerEmail),
    guideIds: code.guideIds,
    countries: code.countries,
    locale: code.locale ?? '',
  };
}

// A comma typed as the decimal separator ("2,50") is read as a point; the server checks the rest.
const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text.trim().replace(',', '.')));
const instantOrNull = (text: string) => (text === '' ? null : new Date(text).toISOString());

/** The body the server checks (its zod schema names any field it refuses). */
export function inputOf(values: DiscountFormValues): DiscountInput {
  return {
    code: values.code.trim(),
    kind: values.kind,
    value: numberOrNull(values.value) ?? Number.NaN,
    minimumCart: numberOrNull(values.minimumCart),
    validFrom: instantOrNull(values.validFrom),
    validUntil: instantOrNull(values.validUntil),
    maxUses: numberOrNull(values.maxUses),
    maxUsesPerEmail: numberOrNull(values.maxUsesPerEmail),
    guideIds: values.guideIds,
    countries: values.countries as DiscountInput['countries'],
    locale: values.locale === '' ? null : values.locale,
  };
}

/** "10 %" or "€5.00". */
export const discountLabel = (code: Pick<AdminDiscount, 'kind' | 'value'>) =>
  code.kind === 'percent' ? `${code.value} %` : `€${code.value}`;
