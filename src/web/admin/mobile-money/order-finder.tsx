import { SearchForm } from '../shell/search-form';

/**
 * with hundreds of orders nobody paid, the operator finds the shopper's by what they
 * quote: part of the reference, the order number, the email or the phone number.
 */
export function OrderSearch(props: { value: string; onSearch(q: string): void }) {
  return (
    <SearchForm
      id="mobile-money-search"
      label="Search by reference, order number, email or phone"
      placeholder="Reference, order, email, phone"
      maxLength={100}
      value={props.value}
      onSearch={props.onSearch}
    />
  );
}

/** Page n of m, with the total that matched; Previous and Next are big enough for a thumb. */
export function Pager(props: { page: number; pageSize: number; total: number; onPage(page: number): void }) {
  const pages = Math.max(1, Math.ceil(props.total / props.pageSize));
  if (pages === 1) return null;
  const button =
    'min-h-11 rounded-md border border-stone-300 px-4 text-sm font-semibold hover:bg-stone-50 disabled:opacity-40';
  return (
    <nav aria-label="Pages" className="flex items-center justify-between gap-2">
      <button
        type="button"
        className={button}
        disabled={props.page <= 1}
        onClick={() => props.onPage(props.page - 1)}
      >
        Previous
      </button>
      <p className="text-sm text-stone-600" aria-live="polite">
        Page {props.page} of {pages}
      </p>
      <button
        type="button"
        className={button}
        disabled={props.page >= pages}
        onClick={() => props.onPage(props.page + 1)}
      >
        Next
      </button>
    </nav>
  );
}
