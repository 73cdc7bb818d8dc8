import { type FormEvent, type ReactNode, useState } from 'react';
import * as adminOrders from '../../../shared/contracts/endpoints/admin-orders';
import type { OrderDetail } from '../../../shared/contracts/endpoints/admin-orders.schemas';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { toast } from '../../components/ui/toast';
import { AdminApiError, adminCall } from '../auth/admin-session';
import { showAdminError } from '../shell/admin-toast';
import { newRequestId } from './order-query';
import { RefundButton } from './refund-dialog';

type Action = 'resend' | 'email' | 'revoke' | 'restore';
type Result = { message: string; changed: boolean };

/** Which confirmation is open, with the request id made when it opened, and the call's state. */
function useOrderAction(onDone: () => Promise<void>) {
  const [open, setOpen] = useState<{ action: Action; requestId: string } | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const start = (action: Action) => {
    setError(undefined);
    setOpen({ action, requestId: newRequestId() });
  };
  const run = async (call: () => Promise<Result>) => {
    setPending(true);
    try {
      const result = await call();
      toast({ title: result.message });
      setOpen(null);
      await onDone();
    } catch (problem) {
      if (problem instanceof AdminApiError && problem.status === 400) setError(problem.message);
      else showAdminError(problem);
    } finally {
      setPending(false);
    }
  };
  return { open, start, close: () => setOpen(null), pending, error, run };
}

/**
 * The desk's actions on one order, each behind a confirmation. The request id is made when the
 * dialog opens, so a second click or a retried request is the same action (the server keeps it once).
 */
export function OrderActions({ order, onDone }: { order: OrderDetail; onDone(): Promise<void> }) {
  const action = useOrderAction(onDone);
  const revoked = order.access.revokedAt !== null;
  const button = 'min-h-11 px-4 font-semibold';
  return (
    <section aria-label="Actions" className="flex flex-wrap gap-2">
      <Button
        variant="admin"
        className="min-h-11 px-4"
        disabled={order.status !== 'completed' || revoked}
        onClick={() => action.start('resend')}
      >
        Resend delivery email
      </Button>
      <Button className={button} onClick={() => action.start('email')}>
        Change email
      </Button>
      {revoked ? (
        <Button className={button} onClick={() => action.start('restore')}>
          Restore access
        </Button>
      ) : (
        <Button
          variant="danger"
          className={button}
          disabled={order.status !== 'completed'}
          onClick={() => action.start('revoke')}
        >
          Revoke access
        </Button>
      )}
      {order.status === 'completed' ? (
        <RefundButton
          order={{
            id: order.id,
            method: order.payment.wireMethod,
            wave: order.payment.method === 'wave' && order.payment.verifiedBy === 'wave',
            total: order.amounts.total.euros,
            refundedAmount: order.amounts.refunded.euros,
            currency: 'EUR',
          }}
          onDone={() => void onDone()}
        />
      ) : null}
      <ActionDialogs order={order} action={action} />
      <NoteForm orderId={order.id} onDone={onDone} />
    </section>
  );
}

function ActionDialogs({ order, action }: { order: OrderDetail; action: ReturnType<typeof useOrderAction> }) {
  const { open, pending, close, run } = action;
  const params = { id: order.id };
  const requestId = open?.requestId ?? '';
  return (
    <>
      <ConfirmDialog
        open={open?.action === 'resend'}
        title="Resend the delivery email?"
        confirm="Send"
        pending={pending}
        onClose={close}
        onConfirm={() => run(() => adminCall(adminOrders.resendOrder, { params, body: { requestId } }))}
      >
        <p>The guides’ links go again to {order.buyer.email}.</p>
      </ConfirmDialog>
      <ChangeEmailDialog
        open={open?.action === 'email'}
        current={order.buyer.email}
        pending={pending}
        error={action.error}
        onClose={close}
        onConfirm={(email) =>
          run(() => adminCall(adminOrders.changeOrderEmail, { params, body: { email, requestId } }))
        }
      />
      <ConfirmDialog
        open={open?.action === 'revoke'}
        title="Revoke access to the guides?"
        confirm="Revoke access"
        pending={pending}
        onClose={close}
        onConfirm={() => run(() => adminCall(adminOrders.revokeOrderAccess, { params, body: {} }))}
      >
        <p>
          The buyer’s order page and every download link will say that access was suspended, in their
          language.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={open?.action === 'restore'}
        title="Restore access to the guides?"
        confirm="Restore access"
        pending={pending}
        onClose={close}
        onConfirm={() => run(() => adminCall(adminOrders.restoreOrderAccess, { params }))}
      >
        <p>The buyer’s page and links work again.</p>
      </ConfirmDialog>
    </>
  );
}

function ConfirmDialog(props: {
  open: boolean;
  title: string;
  confirm: string;
  pending: boolean;
  onClose(): void;
  onConfirm(): void;
  children: ReactNode;
}) {
  return (
    <Dialog open={props.open} onClose={props.onClose} title={props.title}>
      <div className="text-sm text-stone-700">{props.children}</div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button className="min-h-11 px-4" onClick={props.onClose}>
          Cancel
        </Button>
        <Button variant="admin" className="min-h-11 px-4" disabled={props.pending} onClick={props.onConfirm}>
          {props.pending ? 'Working…' : props.confirm}
        </Button>
      </div>
    </Dialog>
  );
}

function ChangeEmailDialog(props: {
  open: boolean;
  current: string;
  pending: boolean;
  error: string | undefined;
  onClose(): void;
  onConfirm(email: string): void;
}) {
  const [email, setEmail] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onConfirm(email.trim());
  };
  return (
    <Dialog open={props.open} onClose={props.onClose} title="Change the buyer’s email">
      <form onSubmit={submit} className="space-y-4" noValidate>
        <p className="text-sm text-stone-700">
          Now {props.current}. The old address stays in the timeline; the guides are sent to the new one.
        </p>
        <Field
          name="new-email"
          label="New email"
          type="email"
          required
          value={email}
          error={props.error}
          onChange={(e) => setEmail(e.target.value)}
          autoComplete="off"
        />
        <div className="flex flex-wrap justify-end gap-2">
          <Button className="min-h-11 px-4" onClick={props.onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="admin"
            className="min-h-11 px-4"
            disabled={props.pending || email.trim() === ''}
          >
            {props.pending ? 'Working…' : 'Change and send'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function NoteForm({ orderId, onDone }: { orderId: string; onDone(): Promise<void> }) {
  const [text, setText] = useState('');
  const [pending, setPending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    try {
      await adminCall(adminOrders.addOrderNote, { params: { id: orderId }, body: { text } });
      setText('');
      toast({ title: 'Note added' });
      await onDone();
    } catch (problem) {
      showAdminError(problem);
    } finally {
      setPending(false);
    }
  };
  return (
    <form onSubmit={submit} className="flex w-full flex-wrap items-end gap-2">
      <label className="min-w-0 flex-1 text-sm font-medium">
        Private note
        <textarea
          value={text}
          maxLength={2000}
          rows={2}
          onChange={(event) => setText(event.target.value)}
          className="mt-1 block w-full rounded-md border border-stone-300 px-3 py-2 text-base"
        />
      </label>
      <Button type="submit" className="min-h-11 px-4 font-semibold" disabled={pending || text.trim() === ''}>
        Add note
      </Button>
    </form>
  );
}
