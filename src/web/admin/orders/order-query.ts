import {
  ORDER_METHOD_FILTERS,
  type OrderListQuery,
  type OrderMethodFilter,
  type OrderStatusFilter,
} from '../../../shared/contracts/endpoints/admin-orders.schemas';
import type { Locale } from '../../../shared/locale';

/**
 * The Orders tab keeps its whole state in the address (shareable URLs, back and forward):
 * the search, the filters, the page's cursor, and the open order.
 */
export const FILTER_KEYS = ['q', 'status', 'method', 'guide', 'locale', 'from', 'to'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export type Filters = Partial<Record<FilterKey, string>>;

export const STATUS_OPTIONS: { value: OrderStatusFilter | ''; label: string }[] = [
  { value: '', label: 'Any status' },
  { value: 'completed', label: 'Completed' },
  { value: 'refunded', label: 'Refunded' },
  { value: 'partially_refunded', label: 'Partially refunded' },
  { value: 'pending', label: 'Pending' },
  { value: 'pending_verification', label: 'Receipt to check' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'expired', label: 'Expired' },
];

export const METHOD_LABELS: Record<OrderMethodFilter, string> = {
  card: 'Card',
  mobile_money: 'Mobile money (receipt)',
  cinetpay: 'CinetPay',
  wave: 'Wave',
  free: 'Free',
};
export const METHOD_OPTIONS: { value: OrderMethodFilter | ''; label: string }[] = [
  { value: '', label: 'Any method' },
  ...ORDER_METHOD_FILTERS.map((value) => ({ value, label: METHOD_LABELS[value] })),
];

export const LOCALE_OPTIONS: { value: Locale | ''; label: string }[] = [
  { value: '', label: 'Any language' },
  { value: 'fr', label: 'French' },
  { value: 'en', label: 'English' },
];

const known = <V extends string>(options: { value: V | '' }[], value: string | null) =>
  options.some((o) => o.value !== '' && o.value === value) ? (value as V) : undefined;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The list's query from the address, leaving out what the server would refuse (an edited URL). */
export function listQueryOf(params: URLSearchParams): OrderListQuery {
  const text = (key: string) => params.get(key)?.trim().slice(0, 200) || undefined;
  const day = (key: string) => (DAY.test(params.get(key) ?? '') ? (params.get(key) as string) : undefined);
  const guide = params.get('guide') ?? '';
  return {
    q: text('q'),
    status: known(STATUS_OPTIONS, params.get('status')),
    method: known(METHOD_OPTIONS, params.get('method')),
    locale: known(LOCALE_OPTIONS, params.get('locale')),
    guide: UUID.test(guide) ? guide : undefined,
    from: day('from'),
    to: day('to'),
    cursor: text('cursor'),
  };
}

/** The address's parameters with some set (an empty value removes it). */
export function withParams(params: URLSearchParams, changes: Record<string, string | undefined>): string {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value) next.set(key, value);
    else next.delete(key);
  }
  const search = next.toString();
  return search ? `?${search}` : '';
}

/** A request id made once per confirmed action, so a retried request is the same action. */
export function newRequestId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
