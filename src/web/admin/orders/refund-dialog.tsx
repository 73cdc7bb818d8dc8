import { useState } from 'react';
import type { RefundAnswer } from '../../../shared/contracts/endpoints/admin-refunds.schemas';
import { toCents } from '../../../shared/money';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { euros, type RefundableOrder, useRefundRequest } from './use-refund-request';

function RefundForm(props: {
  order: RefundableOrder;
  leftCents: number;
  onDone(answer: RefundAnswer): void;
  onCancel(): void;
}) {
  const card = props.order.method === 'stripe';
  const wave = props.order.wave === true;
  const { partial, setPartial, amount, setAmount, note, setNote, sending, error, submit } = useRefundRequest(
    props.order,
    props.onDone,
  );
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <p className="text-sm text-stone-700">
        {card
          ? 'The money goes back to the card through Stripe.'
          : wave
            ? 'The money goes back to the buyer’s Wave account; Wave refunds a payment whole.'
            : 'Mobile money is refunded by hand: send the money first, then record it here.'}{' '}
        Left to refund: <strong data-testid="refund-left">{euros(props.leftCents)}</strong>.
      </p>
      <fieldset className="space-y-2 text-sm" hidden={wave}>
        <legend className="sr-only">How much</legend>
        <label className="flex items-center gap-2">
          <input type="radio" name="refund-kind" checked={!partial} onChange={() => setPartial(false)} />
          All that is left ({euros(props.leftCents)}); the buyer's downloads close
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" name="refund-kind" checked={partial} onChange={() => setPartial(true)} />
          Part of it
        </label>
      </fieldset>
      {partial ? (
        <Field
          name="refund-amount"
          label="Amount in euros"
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          error={error?.field === 'amount' ? error.message : undefined}
        />
      ) : null}
      <Field
        name="refund-note"
        label={card || wave ? 'Note (optional)' : 'Note: how and when the money was sent back'}
        maxLength={1000}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        error={error?.field === 'note' ? error.message : undefined}
      />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button className="h-11 px-4" onClick={props.onCancel} disabled={sending}>
          Cancel
        </Button>
        <Button type="submit" variant="admin" className="h-11 px-4" disabled={sending}>
          {sending
            ? 'Refunding…'
            : card
              ? 'Refund through Stripe'
              : wave
                ? 'Refund through Wave'
                : 'Record the refund'}
        </Button>
      </div>
    </form>
  );
}

/**
 * The order page's Refund action: a confirmation dialog for a full or partial refund.
 * Nothing to show for a free order or one already refunded in full.
 */
export type { RefundableOrder };

export function RefundButton(props: { order: RefundableOrder; onDone?(answer: RefundAnswer): void }) {
  const [open, setOpen] = useState(false);
  const leftCents = toCents(props.order.total) - toCents(props.order.refundedAmount);
  if (props.order.method === 'free' || leftCents <= 0) return null;
  return (
    <>
      <Button variant="danger" className="h-11 px-4" onClick={() => setOpen(true)}>
        Refund
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Refund this order">
        <RefundForm
          order={props.order}
          leftCents={leftCents}
          onDone={(answer) => {
            setOpen(false);
            props.onDone?.(answer);
          }}
          onCancel={() => setOpen(false)}
        />
      </Dialog>
    </>
  );
}
