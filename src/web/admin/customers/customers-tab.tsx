import { useState } from 'react';
import * as customers from '../../../shared/contracts/endpoints/admin-customers';
import { EmptyBox } from '../../components/ui/async-state';
import { Select } from '../../components/ui/select';
import { Pager } from '../mobile-money/order-finder';
import { AdminTable } from '../shell/admin-table';
import { ExportButton } from '../shell/export-button';
import { SearchForm } from '../shell/search-form';
import { useAdminData } from '../shell/use-admin-data';
import { customerColumns } from './customer-columns';

type Sort = 'lastOrder:desc' | 'lastOrder:asc' | 'totalPaid:desc' | 'totalPaid:asc';
const SORTS: { value: Sort; label: string }[] = [
  { value: 'lastOrder:desc', label: 'Last order, newest first' },
  { value: 'lastOrder:asc', label: 'Last order, oldest first' },
  { value: 'totalPaid:desc', label: 'Total paid, highest first' },
  { value: 'totalPaid:asc', label: 'Total paid, lowest first' },
];

/** The admin Customers tab: one row per buyer's email, each opening their orders. */
export function CustomersTab() {
  const [view, setView] = useState<{ q: string; sort: Sort; page: number }>({
    q: '',
    sort: 'lastOrder:desc',
    page: 1,
  });
  const [sort, direction] = view.sort.split(':') as ['lastOrder' | 'totalPaid', 'asc' | 'desc'];
  const list = useAdminData(customers.listCustomers, {
    query: { q: view.q || undefined, sort, direction, page: view.page },
  });
  const page = list.data;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <div>
          <h3 className="text-lg font-semibold">Buyers by email</h3>
          <p className="text-xs text-stone-600">
            One row per email. Paid figures count completed orders, test-mode card payments excepted.
          </p>
        </div>
        <ExportButton
          endpoint={customers.exportCustomerList}
          label="Export customers (CSV)"
          done="Customer list exported"
          fallbackName="customers.csv"
        />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <SearchForm
          id="customer-search"
          label="Search customers by email or name"
          placeholder="Email or name"
          maxLength={200}
          value={view.q}
          onSearch={(q) => setView({ ...view, q, page: 1 })}
        />
        <Select
          label="Sort"
          name="customer-sort"
          value={view.sort}
          options={SORTS}
          onChange={(value) => setView({ ...view, sort: value, page: 1 })}
          inline
        />
      </div>
      {page ? (
        <p className="text-sm text-stone-600" data-testid="customers-total">
          {page.total} {page.total === 1 ? 'customer' : 'customers'}
          {view.q ? ` matching “${view.q}”` : ''}
        </p>
      ) : null}
      <AdminTable
        state={{ ...list, data: page?.customers }}
        columns={customerColumns(() => void list.reload())}
        rowKey={(c) => c.email.toLowerCase()}
        rowProps={(c) => ({ 'data-testid': 'customer-row', 'data-email': c.email })}
        empty={<EmptyBox>{view.q ? 'No customer matches this search' : 'No customers yet'}</EmptyBox>}
        minWidth="sm:min-w-[1000px]"
      />
      {page ? (
        <Pager
          page={view.page}
          pageSize={page.pageSize}
          total={page.total}
          onPage={(next) => {
            setView({ ...view, page: next });
            window.scrollTo({ top: 0 });
          }}
        />
      ) : null}
    </div>
  );
}
