import * as invoices from '../../../shared/contracts/endpoints/invoices';
import * as receipts from '../../../shared/contracts/endpoints/receipts';
import type { Order } from '../../../shared/contracts/orders';
import { urlOf } from '../../lib/api';

/**
 * A paid order's receipt: a PDF the server makes in the order's language, never
 * expiring. Shared by the order page and the library, each with its own wording.
 */
export function ReceiptLink({ order, label }: { order: Pick<Order, 'id'>; label: string }) {
  return <PdfLink href={urlOf(receipts.orderReceipt, { params: { id: order.id } })} label={label} />;
}

/** A paid order's invoice, and each credit note its refunds issued (docs/features/invoices.md). */
export function InvoiceLinks(props: {
  order: Pick<Order, 'id'> & Partial<Pick<Order, 'creditNotes'>>;
  invoiceLabel: string;
  creditNoteLabel: (number: string) => string;
}) {
  const { order } = props;
  return (
    <>
      <PdfLink href={urlOf(invoices.orderInvoice, { params: { id: order.id } })} label={props.invoiceLabel} />
      {(order.creditNotes ?? []).map((number) => (
        <PdfLink
          key={number}
          href={urlOf(invoices.orderCreditNote, { params: { id: order.id, number } })}
          label={props.creditNoteLabel(number)}
        />
      ))}
    </>
  );
}

function PdfLink({ href, label }: { href: string; label: string }) {
  return (
    <a
      href={href}
      download
      className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-teal-800 underline"
    >
      <span
        aria-hidden="true"
        className="rounded bg-stone-200 px-1.5 py-0.5 text-xs font-bold text-stone-700"
      >
        PDF
      </span>
      {label}
    </a>
  );
}
