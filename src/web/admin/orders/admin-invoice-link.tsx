import * as invoices from '../../../shared/contracts/endpoints/invoices';
import { urlOf } from '../../lib/api';
import { adminOpen } from '../auth/admin-session';
import { showAdminError } from '../shell/admin-toast';
import { saveAnswer } from '../shell/save-answer';

/** The order's invoice as the buyer has it (docs/features/invoices.md), fetched with the admin key. */
export function AdminInvoiceLink({ orderId }: { orderId: string }) {
  const url = urlOf(invoices.adminOrderInvoice, { params: { id: orderId } });
  return (
    <a
      href={url}
      onClick={(event) => {
        event.preventDefault();
        adminOpen(url)
          .then((answer) => saveAnswer(answer, 'invoice.pdf'))
          .catch(showAdminError);
      }}
      className="inline-flex min-h-11 items-center text-sm font-semibold text-teal-800 underline"
    >
      Invoice (PDF)
    </a>
  );
}
