import * as receipts from '../../../shared/contracts/endpoints/receipts';
import type { Order } from '../../../shared/contracts/orders';
import { useMessages } from '../../i18n/feature-messages';
import { urlOf } from '../../lib/api';
import { purchaseMessages } from '../checkout/messages';

/** A paid order's receipt (issue 19): a PDF the server makes in the order's language, never expiring. */
export function ReceiptLink({ order }: { order: Pick<Order, 'id'> }) {
  const t = useMessages(purchaseMessages);
  return (
    <a
      href={urlOf(receipts.orderReceipt, { params: { id: order.id } })}
      download
      className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-teal-800 underline"
    >
      <span
        aria-hidden="true"
        className="rounded bg-stone-200 px-1.5 py-0.5 text-xs font-bold text-stone-700"
      >
        PDF
      </span>
      {t('order.receipt')}
    </a>
  );
}
