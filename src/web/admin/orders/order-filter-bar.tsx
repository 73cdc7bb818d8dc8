import { type FormEvent, useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import * as admin from '../../../shared/contracts/endpoints/admin';
import * as adminOrders from '../../../shared/contracts/endpoints/admin-orders';
import type { OrderListQuery } from '../../../shared/contracts/endpoints/admin-orders.schemas';
import { Select } from '../../components/ui/select';
import { paths } from '../../lib/paths';
import { ExportButton } from '../shell/export-button';
import { useAdminData } from '../shell/use-admin-data';
import { LOCALE_OPTIONS, METHOD_OPTIONS, STATUS_OPTIONS, withParams } from './order-query';

const INPUT = 'min-h-11 rounded-md border border-stone-300 bg-white px-3 text-sm';

/** The search box and the filters; each change is a new address (so back and forward step through them). */
export function OrderFilterBar({ params, query }: { params: URLSearchParams; query: OrderListQuery }) {
  const [, navigate] = useLocation();
  const guides = useAdminData(admin.listGuides, { query: { locale: 'all' } });
  // A new filter starts from the newest orders again.
  const apply = (changes: Record<string, string | undefined>) =>
    navigate(`${paths.admin('orders')}${withParams(params, { ...changes, cursor: undefined })}`);
  const guideOptions = [
    { value: '', label: 'Any guide' },
    ...(guides.data ?? []).map((g) => ({ value: g.id, label: `${g.title} (${g.locale})` })),
  ];
  return (
    <div className="space-y-3">
      <OrderSearchBox value={query.q ?? ''} onSearch={(q) => apply({ q })} />
      <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:items-end">
        <Select
          label="Status"
          value={query.status ?? ''}
          options={STATUS_OPTIONS}
          onChange={(status) => apply({ status })}
          className="w-full sm:w-auto"
        />
        <Select
          label="Method"
          value={query.method ?? ''}
          options={METHOD_OPTIONS}
          onChange={(method) => apply({ method })}
          className="w-full sm:w-auto"
        />
        <Select
          label="Language"
          value={query.locale ?? ''}
          options={LOCALE_OPTIONS}
          onChange={(locale) => apply({ locale })}
          className="w-full sm:w-auto"
        />
        <Select
          label="Guide"
          value={query.guide ?? ''}
          options={guideOptions}
          onChange={(guide) => apply({ guide })}
          className="w-full sm:w-auto sm:max-w-56"
        />
        <DayInput label="From" value={query.from} onChange={(from) => apply({ from })} />
        <DayInput label="To" value={query.to} onChange={(to) => apply({ to })} />
      </div>
      <div className="flex flex-wrap gap-2">
        {[...params.keys()].some((key) => key !== 'cursor') ? (
          <button
            type="button"
            onClick={() => navigate(paths.admin('orders'))}
            className="min-h-11 rounded-md border border-stone-300 px-3 text-sm font-semibold hover:bg-stone-50"
          >
            Clear filters
          </button>
        ) : null}
        <ExportButton
          endpoint={adminOrders.exportOrders}
          query={exportFilters(query)}
          label="Export CSV"
          done="Orders exported"
          fallbackName="orders.csv"
          variant="outline"
        />
      </div>
    </div>
  );
}

function DayInput(props: {
  label: string;
  value: string | undefined;
  onChange(value: string | undefined): void;
}) {
  return (
    <label className="text-sm font-medium">
      {props.label}
      <input
        type="date"
        value={props.value ?? ''}
        onChange={(event) => props.onChange(event.target.value || undefined)}
        className={`${INPUT} mt-1 block w-full`}
      />
    </label>
  );
}

/** One box for every way a buyer names their order. */
function OrderSearchBox(props: { value: string; onSearch(q: string): void }) {
  const [text, setText] = useState(props.value);
  // Back and forward change the address: the box follows it.
  useEffect(() => setText(props.value), [props.value]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSearch(text.trim());
  };
  return (
    <search>
      <form onSubmit={submit} className="flex flex-wrap gap-2">
        <label htmlFor="orders-search" className="sr-only">
          Search orders
        </label>
        <input
          id="orders-search"
          type="search"
          value={text}
          maxLength={200}
          onChange={(event) => setText(event.target.value)}
          placeholder="Order number, email, name, phone, reference, payment id"
          className={`${INPUT} min-w-0 flex-1 sm:max-w-md`}
        />
        <button
          type="submit"
          className="min-h-11 rounded-md bg-teal-800 px-4 text-sm font-semibold text-white hover:bg-teal-700"
        >
          Search
        </button>
      </form>
    </search>
  );
}

/** What the export takes: the filters, not the page's cursor. */
function exportFilters(query: OrderListQuery) {
  const { cursor: _page, ...filters } = query;
  return filters;
}
