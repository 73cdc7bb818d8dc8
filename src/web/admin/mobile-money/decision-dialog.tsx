import { type FormEvent, useState } from 'react';
import type { PendingMobileMoneyOrder } from '../../../shared/contracts/mobile-money';
import { displayPrice } from '../../../shared/money';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';

export type Decision = 'verify' | 'reject';
export interface DecisionRequest {
  order: PendingMobileMoneyOrder;
  decision: Decision;
}

const REASON_MAX = 500;

/**
 * Validate and Reject cannot be undone: each asks once. Validate shows the amount due and the
 * reference to compare with the payment proof; Reject takes a reason, which goes into the customer's email.
 */
export function DecisionDialog(props: {
  request: DecisionRequest | null;
  onCancel(): void;
  onConfirm(request: DecisionRequest, reason: string): void;
}) {
  const { request } = props;
  const [reason, setReason] = useState('');
  const close = () => {
    setReason('');
    props.onCancel();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!request) return;
    props.onConfirm(request, reason.trim());
    setReason('');
  };
  const order = request?.order;
  const verify = request?.decision === 'verify';
  return (
    <Dialog
      open={request !== null}
      onClose={close}
      title={order ? `${verify ? 'Validate' : 'Reject'} order ${order.orderNumber}?` : ''}
    >
      {order ? (
        <form onSubmit={submit} className="space-y-4">
          <dl className="grid grid-cols-[8rem_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
            <dt className="text-stone-600">Amount due</dt>
            <dd className="font-semibold" data-testid="decision-amount">
              {displayPrice(order.totalAmount, 'en')}
            </dd>
            <dt className="text-stone-600">Reference</dt>
            <dd className="font-mono font-semibold" data-testid="decision-reference">
              {order.djamoReference ?? '—'}
            </dd>
            <dt className="text-stone-600">Customer</dt>
            <dd className="break-words">
              {order.firstName} {order.lastName} · {order.email}
            </dd>
          </dl>
          {verify ? (
            <p className="text-sm text-stone-700">
              Check that the receipt shows this amount paid to this reference. Validating sends the guides to
              the customer at once and cannot be undone.
            </p>
          ) : (
            <label className="block text-sm font-medium">
              Reason (optional, written in the customer’s email)
              <textarea
                name="reject-reason"
                value={reason}
                maxLength={REASON_MAX}
                rows={3}
                onChange={(event) => setReason(event.target.value)}
                className="mt-1 block w-full rounded-md border border-stone-300 p-2"
                placeholder="e.g. The receipt shows 5 000 FCFA, not the amount due."
              />
            </label>
          )}
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button className="h-11 px-4" variant="outline" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" variant={verify ? 'admin' : 'danger'} className="h-11 px-4">
              {verify ? 'Validate and send the guides' : 'Reject and email the customer'}
            </Button>
          </div>
        </form>
      ) : null}
    </Dialog>
  );
}
