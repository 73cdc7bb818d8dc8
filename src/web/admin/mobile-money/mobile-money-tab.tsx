import { useState } from 'react';
import * as admin from '../../../shared/contracts/endpoints/admin';
import { MOBILE_MONEY_PAGE_SIZE, type PendingMobileMoneyOrder } from '../../../shared/contracts/mobile-money';
import { EmptyBox } from '../../components/ui/async-state';
import { toast } from '../../components/ui/toast';
import { adminCall } from '../auth/admin-session';
import { AdminTable } from '../shell/admin-table';
import { showAdminError } from '../shell/admin-toast';
import { useProofViewer } from '../shell/proof-viewer';
import { type AdminData, useAdminData } from '../shell/use-admin-data';
import { DecisionDialog, type DecisionRequest } from './decision-dialog';
import { orderColumns } from './order-columns';
import { OrderSearch, Pager } from './order-finder';

interface OrdersPage {
  orders: PendingMobileMoneyOrder[];
  /** Every order that matched, for the pager (the answer's x-total-count). */
  total: number;
}

const readOrdersPage = async (response: Response): Promise<OrdersPage> => ({
  orders: (await response.json()) as PendingMobileMoneyOrder[],
  total: Number(response.headers.get('x-total-count') ?? 0),
});

/** The admin Mobile Money tab (admin spec §2, §4, §8): check payment proofs, then validate or reject. */
export function MobileMoneyTab() {
  const [view, setView] = useState({ q: '', page: 1 });
  const query = { page: view.page, pageSize: MOBILE_MONEY_PAGE_SIZE, q: view.q || undefined };
  const list = useAdminData(admin.pendingMobileMoney, { query }, readOrdersPage);
  const [inFlight, setInFlight] = useState<string | null>(null);
  const proofs = useProofViewer();

  const [asking, setAsking] = useState<DecisionRequest | null>(null);

  const decide = async ({ order, decision }: DecisionRequest, reason: string) => {
    setAsking(null);
    setInFlight(order.id);
    try {
      const params = { id: order.id };
      await (decision === 'verify'
        ? adminCall(admin.verifyOrder, { params, body: { verifiedBy: 'admin' } })
        : adminCall(admin.rejectOrder, { params, body: reason ? { reason } : {} }));
      toast({
        title:
          decision === 'verify'
            ? 'Order validated and guide sent to customer'
            : 'Rejection email sent to customer',
      });
    } catch (error) {
      showAdminError(error);
    } finally {
      setInFlight(null);
      await list.reload();
    }
  };

  return (
    <div className="space-y-4">
      <TabHeader list={list} view={view} onSearch={(q) => setView({ q, page: 1 })} />
      <AdminTable
        state={{ ...list, data: list.data?.orders }}
        columns={orderColumns({
          proofs,
          inFlight,
          decide: (order, decision) => setAsking({ order, decision }),
        })}
        rowKey={(order) => order.id}
        rowProps={(order) => ({
          'data-testid': 'mobile-money-order',
          'data-reference': order.djamoReference ?? '',
          className: order.overdue ? 'bg-red-50' : '',
        })}
        empty={
          <EmptyBox>{view.q ? 'No order matches this search' : 'No pending mobile money orders'}</EmptyBox>
        }
        minWidth="sm:min-w-[960px]"
      />
      {list.data ? (
        <Pager
          page={view.page}
          pageSize={MOBILE_MONEY_PAGE_SIZE}
          total={list.data.total}
          onPage={(page) => {
            setView({ ...view, page });
            // The pager sits under the list: the new page is read from its top.
            window.scrollTo({ top: 0 });
          }}
        />
      ) : null}
      {proofs.viewer}
      <DecisionDialog request={asking} onCancel={() => setAsking(null)} onConfirm={decide} />
    </div>
  );
}

/** The title, what needs the operator first, the search and how many orders matched. */
function TabHeader(props: { list: AdminData<OrdersPage>; view: { q: string }; onSearch(q: string): void }) {
  const { list, view } = props;
  const orders = list.data?.orders ?? [];
  const overdue = orders.filter((o) => o.overdue).length;
  const attention = orders.filter((o) => o.automaticPayment?.needsAttention).length;
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <div>
          <h3 className="text-lg font-semibold">Mobile money orders</h3>
          <p className="text-xs text-stone-600">
            Receipts to check first, then decisions of the last 24 h, then orders waiting for payment (these
            expire unpaid).
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {attention > 0 ? (
            <p className="rounded-md bg-red-50 px-3 py-1 text-sm font-semibold text-red-800">
              {attention} automatic {attention === 1 ? 'payment needs' : 'payments need'} attention
            </p>
          ) : null}
          {overdue > 0 ? (
            <p className="rounded-md bg-red-50 px-3 py-1 text-sm font-semibold text-red-800">
              {overdue} waiting more than 24 hours
            </p>
          ) : null}
        </div>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <OrderSearch value={view.q} onSearch={props.onSearch} />
        {list.data ? (
          <p className="text-sm text-stone-600" data-testid="mobile-money-total">
            {list.data.total} {list.data.total === 1 ? 'order' : 'orders'}
            {view.q ? ` matching “${view.q}”` : ''}
          </p>
        ) : null}
      </div>
    </div>
  );
}
