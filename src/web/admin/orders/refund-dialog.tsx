import { type FormEvent, useState } from 'react';
import * as adminRefunds from '../../../shared/contracts/endpoints/admin-refunds';
import type { RefundAnswer } from '../../../shared/contracts/endpoints/admin-refunds.schemas';
import { toCents } from '../../../shared/money';
import type { PaymentMethod } from '../../../shared/payment-methods';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { toast } from '../../components/ui/toast';
import { adminCall } from '../auth/admin-session';
import { showAdminError } from '../shell/admin-toast';

/** What the Refund button needs to know of its order. */
export interface RefundableOrder {
  id: string;
  method: PaymentMethod;
  /** Euros, as the API gives them ("9.00"). */
  total: string;
  refundedAmount: string;
  currency: string;
}

const euros = (cents: number) => `€${(cents / 100).toFixed(2)}`;

/**
 * One key per refund the operator means to make (kept while the dialog is open), so a second click
 * or a retry after a lost answer refunds once. randomUUID needs a secure context; the admin may be
 * reached over plain http on a LAN, hence the fallback.
 */
function newRequestKey(): string {
  if (typeof crypto.randomUUID === 'function' && window.isSecureContext) return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join(
    '',
  );
}

function RefundForm(props: {
  order: RefundableOrder;
  leftCents: number;
  onDone(answer: RefundAnswer): void;
}) {
  const card = props.order.method === 'stripe';
  const [requestKey] = useState(newRequestKey);
  const [partial, setPartial] = useState(false);
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<{ field?: string; message: string } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    if (!card && !note.trim()) return setError({ field: 'note', message: 'Say how the money was sent back' });
    setSending(true);
    setError(null);
    try {
      const answer = await adminCall(adminRefunds.refundOrder, {
        params: { id: props.order.id },
        body: {
          requestKey,
          ...(partial ? { amount: amount.replace(',', '.') } : {}),
          ...(note.trim() ? { note } : {}),
        },
      });
      toast({
        title: `Refunded ${euros(toCents(answer.refund.amount))}`,
        description: answer.order.fullyRefunded ? 'Refunded in full: the downloads are closed.' : undefined,
      });
      props.onDone(answer);
    } catch (problem) {
      // The server words a refused field as "amount: …" or "note: …" (http/errors.ts): say it under the field.
      const message = (problem as Error).message;
      const field = /^(amount|note):/.exec(message)?.[1];
      if (field) setError({ field, message });
      else showAdminError(problem);
    } finally {
      setSending(false);
    }
  };

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <p className="text-sm text-stone-700">
        {card
          ? 'The money goes back to the card through Stripe.'
          : 'Mobile money is refunded by hand: send the money first, then record it here.'}{' '}
        Left to refund: <strong data-testid="refund-left">{euros(props.leftCents)}</strong>.
      </p>
      <fieldset className="space-y-2 text-sm">
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
        label={card ? 'Note (optional)' : 'Note: how and when the money was sent back'}
        maxLength={1000}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        error={error?.field === 'note' ? error.message : undefined}
      />
      <Button type="submit" variant="admin" className="h-11 w-full px-4" disabled={sending}>
        {sending ? 'Refunding…' : card ? 'Refund through Stripe' : 'Record the refund'}
      </Button>
    </form>
  );
}

/**
 * The order page's Refund action (issue 18): a confirmation dialog for a full or partial refund.
 * Nothing to show for a free order or one already refunded in full.
 */
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
        />
      </Dialog>
    </>
  );
}
