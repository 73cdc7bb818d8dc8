import { useState } from 'react';
import { MOBILE_MONEY_PAGE_SIZE, type PendingMobileMoneyOrder } from '../../../shared/contracts/mobile-money';
import { displayPrice } from '../../../shared/money';
import { useModalDialog } from '../../components/ui/modal';
import { toast } from '../../components/ui/toast';
import { AdminApiError, adminFetch } from '../auth/admin-session';
import { showAdminError } from '../shell/admin-toast';
import { EmailText } from '../shell/email-text';
import { CELL } from '../shell/table-cells';
import { useAdminData } from '../shell/use-admin-data';
import { OrderSearch, Pager } from './order-finder';

/** Table cells; under 640 px each row becomes a card, every cell led by its column's name. */
/** Admin spec §8: blob URLs of receipts are released after 5 seconds. */
const RECEIPT_URL_LIFETIME_MS = 5000;

/** Admin spec "Mobile Money tab": completed → Validated, pending(_verification) → Pending. */
export function orderStatusLabel(status: string): string {
  if (status === 'completed') return 'Validated';
  if (status === 'rejected') return 'Rejected';
  if (status === 'expired') return 'Expired';
  if (status === 'pending' || status === 'pending_verification') return 'Pending';
  return status;
}

const STATUS_STYLE: Record<string, string> = {
  Validated: 'bg-teal-100 text-teal-900',
  Rejected: 'bg-red-100 text-red-800',
  Pending: 'bg-amber-100 text-amber-900',
};

export function formatAdminDate(iso: string): string {
  return new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
}

/** Admin spec §8, receipt view: what each failure tells the operator. */
function showReceiptError(error: unknown) {
  const status = error instanceof AdminApiError ? error.status : 0;
  if (status === 404) {
    toast({
      title: 'Receipt not found',
      description: 'The receipt file could not be found or may have been deleted.',
      variant: 'destructive',
    });
  } else if (status === 401 || status === 403) {
    toast({
      title: 'Access denied',
      description: 'You do not have permission to view this receipt. Please sign in again.',
      variant: 'destructive',
    });
  } else {
    toast({
      title: 'Error',
      description: 'Failed to load receipt. Please try again.',
      variant: 'destructive',
    });
  }
}

export interface ReceiptToView {
  url: string;
  type: 'image' | 'pdf' | null;
  label: string;
}

/**
 * Fetches a receipt with the admin key (a plain link could not send it): an image opens full size
 * in a dialog, a PDF in a new tab. The tab is opened before the fetch, while the click still counts
 * as a user gesture, so pop-up blockers let it through.
 */
export function useReceiptViewer() {
  const [image, setImage] = useState<{ src: string; label: string } | null>(null);
  const open = async (receipt: ReceiptToView) => {
    const pdf = receipt.type === 'pdf';
    const tab = pdf ? window.open('', '_blank') : null;
    if (pdf && !tab) {
      toast({
        title: 'Pop-up blocked',
        description: 'Please allow pop-ups for this site to view the receipt.',
        variant: 'destructive',
      });
      return;
    }
    try {
      const blob = await (await adminFetch(receipt.url)).blob();
      const src = URL.createObjectURL(blob);
      setTimeout(() => URL.revokeObjectURL(src), RECEIPT_URL_LIFETIME_MS);
      if (tab) tab.location.href = src;
      else setImage({ src, label: receipt.label });
    } catch (error) {
      tab?.close();
      showReceiptError(error);
    }
  };
  const viewer = <ReceiptImageDialog image={image} onClose={() => setImage(null)} />;
  return { open, viewer };
}

/** 'View' for a receipt, or the text to show when there is none. */
export function ReceiptButton(props: {
  viewer: ReturnType<typeof useReceiptViewer>;
  url: string | null | undefined;
  type: ReceiptToView['type'];
  orderNumber: string;
  none: string;
}) {
  const { url } = props;
  if (!url) return <span className="text-stone-500">{props.none}</span>;
  return (
    <button
      type="button"
      onClick={() => props.viewer.open({ url, type: props.type, label: `Receipt for ${props.orderNumber}` })}
      className="font-semibold text-teal-800 underline"
    >
      View
    </button>
  );
}

function ReceiptImageDialog(props: { image: { src: string; label: string } | null; onClose(): void }) {
  const dialog = useModalDialog(props.image !== null);
  return (
    <dialog
      ref={dialog}
      onClose={props.onClose}
      aria-label={props.image?.label ?? 'Receipt'}
      className="m-auto max-h-[95vh] max-w-[95vw] rounded-xl bg-white p-4 shadow-xl backdrop:bg-black/60"
    >
      {props.image ? (
        <div className="space-y-3">
          <div className="flex items-center justify-between gap-4">
            <p className="font-semibold">{props.image.label}</p>
            <button
              type="button"
              onClick={() => dialog.current?.close()}
              className="rounded-md border border-stone-300 px-3 py-1 text-sm font-semibold hover:bg-stone-50"
            >
              Close
            </button>
          </div>
          <img src={props.image.src} alt={props.image.label} className="mx-auto block h-auto max-w-full" />
        </div>
      ) : null}
    </dialog>
  );
}

/**
 * An automatic payment (issue 10) beside the status: the provider, its last word and transaction
 * id (to look it up in the provider's back-office), and why it needs the operator, if it does.
 * Orders without one were paid the manual way, with a receipt.
 */
function AutomaticPaymentInfo({ payment }: { payment: PendingMobileMoneyOrder['automaticPayment'] }) {
  if (!payment) return <p className="mt-1 text-xs text-stone-500">Manual (receipt)</p>;
  return (
    <div data-testid="automatic-payment" className="mt-1 space-y-0.5 text-xs">
      <p className="font-semibold">
        CinetPay · <span data-testid="provider-status">{payment.providerStatus ?? 'not checked yet'}</span>
      </p>
      <p className="break-all text-stone-600">
        <span className="font-sans">Transaction </span>
        <span className="font-mono">{payment.transactionId}</span>
      </p>
      {payment.needsAttention ? (
        <p className="w-fit rounded bg-red-100 px-1.5 py-0.5 font-semibold text-red-800">
          Needs attention{payment.attentionReason ? `: ${payment.attentionReason}` : ''}
        </p>
      ) : null}
    </div>
  );
}

interface OrdersPage {
  orders: PendingMobileMoneyOrder[];
  /** Every order that matched, for the pager (the answer's x-total-count). */
  total: number;
}

const readOrdersPage = async (response: Response): Promise<OrdersPage> => ({
  orders: (await response.json()) as PendingMobileMoneyOrder[],
  total: Number(response.headers.get('x-total-count') ?? 0),
});

/** The admin Mobile Money tab (admin spec §2, §4, §8): check receipts, then validate or reject. */
export function MobileMoneyTab() {
  const [view, setView] = useState({ q: '', page: 1 });
  const search = new URLSearchParams({ page: String(view.page), pageSize: String(MOBILE_MONEY_PAGE_SIZE) });
  if (view.q) search.set('q', view.q);
  const list = useAdminData<OrdersPage>(`/api/orders/pending-mobile-money?${search}`, readOrdersPage);
  const [inFlight, setInFlight] = useState<string | null>(null);
  const receipts = useReceiptViewer();

  const decide = async (order: PendingMobileMoneyOrder, decision: 'verify' | 'reject') => {
    if (
      decision === 'reject' &&
      !window.confirm(`Reject order ${order.orderNumber}? The customer receives a rejection email.`)
    )
      return;
    setInFlight(order.id);
    try {
      await adminFetch(`/api/orders/${encodeURIComponent(order.id)}/${decision}`, {
        method: 'PATCH',
        ...(decision === 'verify'
          ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ verifiedBy: 'admin' }) }
          : {}),
      });
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

  const orders = list.data?.orders ?? [];
  const overdue = orders.filter((o) => o.overdue).length;
  const attention = orders.filter((o) => o.automaticPayment?.needsAttention).length;
  const header = (
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
        <OrderSearch value={view.q} onSearch={(q) => setView({ q, page: 1 })} />
        {list.data ? (
          <p className="text-sm text-stone-600" data-testid="mobile-money-total">
            {list.data.total} {list.data.total === 1 ? 'order' : 'orders'}
            {view.q ? ` matching “${view.q}”` : ''}
          </p>
        ) : null}
      </div>
    </div>
  );
  const pager = list.data ? (
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
  ) : null;

  if (list.data === undefined && list.pending) {
    return (
      <div className="space-y-4">
        {header}
        <p className="text-sm text-stone-600">Loading…</p>
      </div>
    );
  }
  if (list.error || !list.data) {
    return (
      <div className="space-y-4">
        {header}
        <p role="alert" className="text-sm text-red-700">
          {list.error?.message}
        </p>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      {header}
      {orders.length === 0 ? (
        <p className="rounded-lg border border-stone-200 bg-white p-6 text-center text-sm text-stone-600">
          {view.q ? 'No order matches this search' : 'No pending mobile money orders'}
        </p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-stone-200 bg-white">
          <table className="w-full text-left text-sm max-sm:block sm:min-w-[960px]">
            <thead className="bg-stone-50 text-xs uppercase tracking-wide text-stone-600 max-sm:hidden">
              <tr>
                {['Date', 'Customer', 'Amount', 'Reference', 'Guides', 'Status', 'Receipt', 'Actions'].map(
                  (h) => (
                    <th key={h} scope="col" className="px-3 py-2 font-semibold">
                      {h}
                    </th>
                  ),
                )}
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-200 max-sm:block">
              {orders.map((order) => {
                const label = orderStatusLabel(order.status);
                const decided = order.status === 'completed' || order.status === 'rejected';
                const busy = inFlight !== null;
                return (
                  <tr
                    key={order.id}
                    data-testid="mobile-money-order"
                    data-reference={order.djamoReference ?? ''}
                    className={`max-sm:block max-sm:py-2 ${order.overdue ? 'bg-red-50' : ''}`}
                  >
                    <td data-label="Date" className={`${CELL} whitespace-nowrap`}>
                      {formatAdminDate(order.createdAt)}
                      {order.overdue ? (
                        <span className="mt-1 block w-fit rounded bg-red-700 px-1.5 py-0.5 text-xs font-semibold text-white">
                          Over 24 h
                        </span>
                      ) : null}
                    </td>
                    <td data-label="Customer" className={`${CELL}`}>
                      <p className="font-medium">
                        {order.firstName} {order.lastName}
                      </p>
                      <p className="text-stone-600">
                        <EmailText email={order.email} />
                      </p>
                      <p className="text-stone-600">{order.phoneNumber}</p>
                    </td>
                    <td data-label="Amount" className={`${CELL}`}>
                      {displayPrice(order.totalAmount, 'en')}
                    </td>
                    <td data-label="Reference" className={`${CELL}`}>
                      <p className="font-mono font-semibold">{order.djamoReference ?? '—'}</p>
                      <p className="text-xs text-stone-500">{order.orderNumber}</p>
                    </td>
                    <td data-label="Guides" className={`${CELL}`}>
                      <ul className="space-y-0.5">
                        {order.items.map((item) => (
                          <li key={item.guide.id}>
                            {item.guide.title}
                            {item.quantity > 1 ? ` × ${item.quantity}` : ''}
                          </li>
                        ))}
                      </ul>
                    </td>
                    <td data-label="Status" className={`${CELL}`}>
                      <span
                        className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[label] ?? 'bg-stone-100'}`}
                      >
                        {label}
                      </span>
                      <AutomaticPaymentInfo payment={order.automaticPayment} />
                    </td>
                    <td data-label="Receipt" className={`${CELL}`}>
                      <ReceiptButton
                        viewer={receipts}
                        url={order.receiptUrl}
                        type={order.receiptType}
                        orderNumber={order.orderNumber}
                        none="No receipt"
                      />
                      {order.receiptCount > 1 ? (
                        <p className="text-xs text-stone-500">{order.receiptCount} sent, latest shown</p>
                      ) : null}
                      {order.paymentProvider && order.paymentProvider !== 'cinetpay' ? (
                        <p className="text-xs text-stone-500">{order.paymentProvider}</p>
                      ) : null}
                    </td>
                    <td data-label="Actions" className={`${CELL}`}>
                      <div className="flex gap-2">
                        <button
                          type="button"
                          disabled={busy || decided}
                          onClick={() => decide(order, 'verify')}
                          className="rounded-md bg-teal-800 px-3 py-1.5 text-sm font-semibold text-white hover:bg-teal-700 disabled:opacity-50"
                        >
                          {inFlight === order.id ? '…' : 'Validate'}
                        </button>
                        <button
                          type="button"
                          disabled={busy || decided}
                          onClick={() => decide(order, 'reject')}
                          className="rounded-md border border-red-300 px-3 py-1.5 text-sm font-semibold text-red-700 hover:bg-red-50 disabled:opacity-50"
                        >
                          Reject
                        </button>
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {pager}
      {receipts.viewer}
    </div>
  );
}
