import { type FormEvent, useState } from 'react';
import * as adminRefunds from '../../../shared/contracts/endpoints/admin-refunds';
import type { RefundAnswer } from '../../../shared/contracts/endpoints/admin-refunds.schemas';
import { toCents } from '../../../shared/money';
import type { PaymentMethod } from '../../../shared/payment-methods';
import { toast } from '../../components/ui/toast';
import { AdminApiError, adminCall } from '../auth/admin-session';
import { showAdminError } from '../shell/admin-toast';

/** What the Refund button needs to know of its order. */
export interface RefundableOrder {
  id: string;
  method: PaymentMethod;
  /** Paid through Wave Checkout: refunded whole through Wave, no note needed. */
  wave?: boolean;
  /** Euros, as the API gives them ("9.00"). */
  total: string;
  refundedAmount: string;
  currency: string;
}

export const euros = (cents: number) => `€${(cents / 100).toFixed(2)}`;

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

/** The refund dialog's state and its one request (see newRequestKey for why a key per dialog). */
export function useRefundRequest(order: RefundableOrder, onDone: (answer: RefundAnswer) => void) {
  // Card and Wave refunds go through the provider; the others are recorded after a refund by hand.
  const card = order.method === 'stripe' || order.wave === true;
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
        params: { id: order.id },
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
      onDone(answer);
    } catch (problem) {
      // A refused amount or note is said under its field.
      const field = problem instanceof AdminApiError ? problem.field : undefined;
      if (field === 'amount' || field === 'note') setError({ field, message: (problem as Error).message });
      else showAdminError(problem);
    } finally {
      setSending(false);
    }
  };
  return { partial, setPartial, amount, setAmount, note, setNote, sending, error, submit };
}
