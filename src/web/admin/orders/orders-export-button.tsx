import { useState } from 'react';
import type { OrderListQuery } from '../../../shared/contracts/admin/orders';
import * as adminOrders from '../../../shared/contracts/endpoints/admin-orders';
import { toast } from '../../components/ui/toast';
import { urlOf } from '../../lib/api';
import { adminOpen } from '../auth/admin-session';
import { showAdminError } from '../shell/admin-toast';
import { saveAnswer } from '../shell/save-answer';

/** The filtered orders as CSV (the server streams it), saved under the name the server gives. */
export function OrdersExportButton({ query }: { query: OrderListQuery }) {
  const [exporting, setExporting] = useState(false);
  const { cursor: _page, ...filters } = query;
  const save = async () => {
    setExporting(true);
    try {
      await saveAnswer(await adminOpen(urlOf(adminOrders.exportOrders, { query: filters })), 'orders.csv');
      toast({ title: 'Orders exported' });
    } catch (error) {
      showAdminError(error);
    } finally {
      setExporting(false);
    }
  };
  return (
    <button
      type="button"
      disabled={exporting}
      onClick={save}
      className="min-h-11 rounded-md border border-stone-300 px-4 text-sm font-semibold hover:bg-stone-50 disabled:opacity-60"
    >
      {exporting ? 'Exporting…' : 'Export CSV'}
    </button>
  );
}
