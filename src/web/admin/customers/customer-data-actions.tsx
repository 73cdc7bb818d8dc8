import { useState } from 'react';
import * as customers from '../../../shared/contracts/endpoints/admin-customers';
import type { Customer } from '../../../shared/contracts/endpoints/admin-customers.schemas';
import { buttonClass } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { urlOf } from '../../lib/api';
import { adminCall, adminPostForFile } from '../auth/admin-session';
import { showAdminError } from '../shell/admin-toast';
import { saveAnswer } from '../shell/save-answer';

/** What the erasure does, named before the operator types the email (docs/features/data-rights.md). */
export const eraseQuestion = (email: string) =>
  `Erase everything about ${email}? Their name, email and phone on every order, their emails and WhatsApp messages, ` +
  'payment proofs, reviews and library sessions are erased; issued invoices keep their legal fields. ' +
  'The shop will not write to them again. This cannot be undone.\n\nType the email to confirm:';

/** A customer's row: export everything held about them as a ZIP, or erase it. */
export function CustomerDataActions(props: { customer: Customer; onErased: () => void }) {
  const [busy, setBusy] = useState(false);
  const email = props.customer.email;
  const exportData = async () => {
    setBusy(true);
    try {
      await saveAnswer(
        await adminPostForFile(urlOf(customers.exportCustomerData), { email }),
        'customer-data.zip',
      );
      toast({ title: 'Customer data exported' });
    } catch (error) {
      showAdminError(error, 'Export failed');
    } finally {
      setBusy(false);
    }
  };
  const erase = async () => {
    const typed = window.prompt(eraseQuestion(email));
    if (typed === null) return;
    setBusy(true);
    try {
      await adminCall(customers.eraseCustomerData, { body: { email, confirm: typed } });
      toast({ title: 'Customer erased' });
      props.onErased();
    } catch (error) {
      showAdminError(error);
    } finally {
      setBusy(false);
    }
  };
  const size = 'min-h-11 px-3 text-sm';
  return (
    <span className="flex flex-wrap gap-2">
      <button
        type="button"
        disabled={busy}
        onClick={exportData}
        className={buttonClass('outline', size)}
        data-testid="customer-export-data"
      >
        Export data
      </button>
      <button
        type="button"
        disabled={busy}
        onClick={erase}
        className={buttonClass('outline', `${size} text-red-800`)}
        data-testid="customer-erase"
      >
        Erase…
      </button>
    </span>
  );
}
