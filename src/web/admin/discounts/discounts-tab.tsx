import { useState } from 'react';
import * as admin from '../../../shared/contracts/endpoints/admin';
import * as discounts from '../../../shared/contracts/endpoints/admin-discounts';
import type { AdminDiscount } from '../../../shared/contracts/endpoints/admin-discounts.schemas';
import { EmptyBox } from '../../components/ui/async-state';
import { AdminTable } from '../shell/admin-table';
import { useAdminData } from '../shell/use-admin-data';
import { discountColumns } from './discount-columns';
import { DiscountDialog } from './discount-dialog';

/** The admin Discounts tab: every live code with its uses; create, edit, pause, delete. */
export function DiscountsTab() {
  const codes = useAdminData(discounts.listDiscounts);
  const guides = useAdminData(admin.listGuides, { query: { locale: 'all' } });
  // undefined: closed; null: a new code; else the code being edited.
  const [editing, setEditing] = useState<AdminDiscount | null | undefined>(undefined);
  const titles = new Map((guides.data ?? []).map((g) => [g.id, g.title]));

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <div>
          <h3 className="text-lg font-semibold">Discount codes</h3>
          <p className="text-xs text-stone-600">
            Shoppers type a code at checkout; letter case does not matter. A mobile-money order holds its use
            until it is paid (used) or rejected or expired (released).
          </p>
        </div>
        <button
          type="button"
          onClick={() => setEditing(null)}
          className="rounded-md bg-teal-800 px-4 py-2 text-sm font-semibold text-white hover:bg-teal-700"
        >
          New code
        </button>
      </div>
      <AdminTable
        state={{ ...codes, data: codes.data?.codes }}
        columns={discountColumns({
          guideTitle: (id) => titles.get(id) ?? 'a removed guide',
          onEdit: setEditing,
          onChanged: codes.reload,
        })}
        rowKey={(code) => code.id}
        rowProps={(code) => ({ 'data-testid': 'discount-row', 'data-code': code.code })}
        empty={<EmptyBox>No discount codes yet</EmptyBox>}
        minWidth="sm:min-w-[900px]"
      />
      {editing !== undefined ? (
        <DiscountDialog
          code={editing}
          guides={guides.data ?? []}
          onClose={() => setEditing(undefined)}
          onSaved={codes.reload}
        />
      ) : null}
    </div>
  );
}
