import type { PendingMobileMoneyOrder } from '../../../shared/contracts/mobile-money';
import { displayPrice } from '../../../shared/money';
import type { Column } from '../shell/admin-table';
import { EmailText } from '../shell/email-text';
import { ProofButton, type useProofViewer } from '../shell/proof-viewer';
import { formatAdminDate } from '../shell/table-cells';

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

/**
 * An automatic payment beside the status: the provider, its last word and transaction
 * id (to look it up in the provider's back-office), and why it needs the operator, if it does.
 * Orders without one were paid the manual way, with a payment proof.
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

function CustomerCell({ order }: { order: PendingMobileMoneyOrder }) {
  return (
    <>
      <p className="font-medium">
        {order.firstName} {order.lastName}
      </p>
      <p className="text-stone-600">
        <EmailText email={order.email} />
      </p>
      <p className="text-stone-600">{order.phoneNumber}</p>
    </>
  );
}

function StatusCell({ order }: { order: PendingMobileMoneyOrder }) {
  const label = orderStatusLabel(order.status);
  return (
    <>
      <span
        className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[label] ?? 'bg-stone-100'}`}
      >
        {label}
      </span>
      <AutomaticPaymentInfo payment={order.automaticPayment} />
    </>
  );
}

function DecisionButtons(props: {
  order: PendingMobileMoneyOrder;
  inFlight: string | null;
  decide(order: PendingMobileMoneyOrder, decision: 'verify' | 'reject'): void;
}) {
  const { order, inFlight } = props;
  const decided = order.status === 'completed' || order.status === 'rejected';
  const busy = inFlight !== null;
  return (
    <div className="flex gap-2">
      <button
        type="button"
        disabled={busy || decided}
        onClick={() => props.decide(order, 'verify')}
        className="rounded-md bg-teal-800 px-3 py-1.5 text-sm font-semibold text-white hover:bg-teal-700 disabled:opacity-50"
      >
        {inFlight === order.id ? '…' : 'Validate'}
      </button>
      <button
        type="button"
        disabled={busy || decided}
        onClick={() => props.decide(order, 'reject')}
        className="rounded-md border border-red-300 px-3 py-1.5 text-sm font-semibold text-red-700 hover:bg-red-50 disabled:opacity-50"
      >
        Reject
      </button>
    </div>
  );
}

/** What is to be paid, and the promo code that took its part off. */
function AmountCell({ order }: { order: PendingMobileMoneyOrder }) {
  return (
    <>
      {displayPrice(order.totalAmount, 'en')}
      {order.discountCode ? (
        <span className="block text-xs text-teal-800">
          {order.discountCode}: −€{order.discountAmount}
        </span>
      ) : null}
    </>
  );
}

/** The Mobile Money tab's columns; under 640 px each row becomes a card, every cell led by its column's name. */
export function orderColumns(ctx: {
  proofs: ReturnType<typeof useProofViewer>;
  inFlight: string | null;
  decide(order: PendingMobileMoneyOrder, decision: 'verify' | 'reject'): void;
}): Column<PendingMobileMoneyOrder>[] {
  return [
    {
      header: 'Date',
      className: 'whitespace-nowrap',
      cell: (order) => (
        <>
          {formatAdminDate(order.createdAt)}
          {order.overdue ? (
            <span className="mt-1 block w-fit rounded bg-red-700 px-1.5 py-0.5 text-xs font-semibold text-white">
              Over 24 h
            </span>
          ) : null}
        </>
      ),
    },
    {
      header: 'Customer',
      cell: (order) => <CustomerCell order={order} />,
    },
    { header: 'Amount', cell: (order) => <AmountCell order={order} /> },
    {
      header: 'Reference',
      cell: (order) => (
        <>
          <p className="font-mono font-semibold">{order.djamoReference ?? '—'}</p>
          <p className="text-xs text-stone-500">{order.orderNumber}</p>
        </>
      ),
    },
    {
      header: 'Guides',
      cell: (order) => (
        <ul className="space-y-0.5">
          {order.items.map((item) => (
            <li key={item.guide.id}>
              {item.guide.title}
              {item.quantity > 1 ? ` × ${item.quantity}` : ''}
            </li>
          ))}
        </ul>
      ),
    },
    { header: 'Status', cell: (order) => <StatusCell order={order} /> },
    {
      header: 'Receipt',
      cell: (order) => (
        <>
          <ProofButton
            viewer={ctx.proofs}
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
        </>
      ),
    },
    {
      header: 'Actions',
      cell: (order) => <DecisionButtons order={order} inFlight={ctx.inFlight} decide={ctx.decide} />,
    },
  ];
}
