import { type FormEvent, useState } from 'react';

/**
 * Issue 15: with hundreds of orders nobody paid, the operator finds the shopper's by what they
 * quote: part of the reference, the order number, the email or the phone number.
 */
export function OrderSearch(props: { value: string; onSearch(q: string): void }) {
  const [text, setText] = useState(props.value);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSearch(text.trim());
  };
  return (
    <search className="w-full sm:w-auto">
      <form onSubmit={submit} className="flex flex-wrap gap-2">
        <label htmlFor="mobile-money-search" className="sr-only">
          Search by reference, order number, email or phone
        </label>
        <input
          id="mobile-money-search"
          type="search"
          value={text}
          maxLength={100}
          onChange={(event) => setText(event.target.value)}
          placeholder="Reference, order, email, phone"
          className="min-h-11 min-w-0 flex-1 rounded-md border border-stone-300 px-3 text-sm sm:w-72"
        />
        <button
          type="submit"
          className="min-h-11 rounded-md bg-teal-800 px-4 text-sm font-semibold text-white hover:bg-teal-700"
        >
          Search
        </button>
        {props.value ? (
          <button
            type="button"
            onClick={() => {
              setText('');
              props.onSearch('');
            }}
            className="min-h-11 rounded-md border border-stone-300 px-3 text-sm font-semibold hover:bg-stone-50"
          >
            Clear
          </button>
        ) : null}
      </form>
    </search>
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
