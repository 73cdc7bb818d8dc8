import { useState } from 'react';
import * as admin from '../../../shared/contracts/endpoints/admin';
import type { EmailLogEntry, EmailRange } from '../../../shared/contracts/endpoints/emails.schemas';
import { EmptyBox } from '../../components/ui/async-state';
import { toast } from '../../components/ui/toast';
import { adminCall } from '../auth/admin-session';
import { AdminTable } from '../shell/admin-table';
import { showAdminError } from '../shell/admin-toast';
import { ExportButton } from '../shell/export-button';
import { useProofViewer } from '../shell/proof-viewer';
import { RangeSelect } from '../shell/range-select';
import { useAdminData } from '../shell/use-admin-data';
import { EditionMailings } from './edition-mailings';
import { emailColumns } from './email-columns';
import { WhatsAppMessages } from './whatsapp-messages';

function StatCard(props: { label: string; value: string }) {
  return (
    <div className="rounded-lg border border-stone-200 bg-white p-4">
      <p className="text-sm text-stone-600">{props.label}</p>
      <p className="mt-1 text-2xl font-bold">{props.value}</p>
    </div>
  );
}

/**
 * The admin Messages tab (admin spec §2, §3, §8): email stats, the history, Send Again and
 * the customer export, then the WhatsApp messages and their statuses.
 */
export function EmailsTab() {
  const [range, setRange] = useState<EmailRange>('7d');
  const stats = useAdminData(admin.emailStats, { query: { range } });
  const emails = useAdminData(admin.listEmails);
  const [sending, setSending] = useState<string | null>(null);
  const receipts = useProofViewer();

  const sendAgain = async (entry: EmailLogEntry) => {
    if (!entry.orderId) return;
    setSending(entry.id);
    try {
      await adminCall(admin.deliverOrder, { params: { id: entry.orderId }, body: { resend: true } });
      toast({ title: 'Email resent successfully', description: 'New download links sent to the customer' });
    } catch (error) {
      showAdminError(error);
    } finally {
      setSending(null);
      await Promise.all([emails.reload(), stats.reload()]);
    }
  };

  const s = stats.data;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 className="text-lg font-semibold">Email Management</h3>
        <div className="flex flex-wrap items-center gap-2">
          <RangeSelect name="email-range" value={range} onChange={setRange} />
          <ExportButton
            endpoint={admin.exportCustomers}
            label="Export Email List"
            done="Customer email list exported successfully"
            fallbackName="email-list.csv"
          />
        </div>
      </div>

      {stats.error ? (
        <p role="alert" className="text-sm text-red-700">
          {stats.error.message}
        </p>
      ) : (
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-busy={stats.pending}>
          <StatCard label="Total Emails" value={s ? String(s.totalEmails) : '…'} />
          <StatCard label="Sent" value={s ? String(s.sentEmails) : '…'} />
          <StatCard label="Failed" value={s ? String(s.failedEmails) : '…'} />
          <StatCard label="Delivery Rate" value={s ? `${s.deliveryRate.toFixed(1)}%` : '…'} />
        </div>
      )}

      <EditionMailings />

      <div>
        <h4 className="mb-2 font-semibold">Email History</h4>
        <AdminTable
          state={emails}
          columns={emailColumns({ receipts, sending, sendAgain })}
          rowKey={(entry) => entry.id}
          rowProps={(entry) => ({ 'data-testid': 'email-row', 'data-kind': entry.kind })}
          empty={<EmptyBox>No emails sent yet</EmptyBox>}
          minWidth="sm:min-w-[900px]"
          tableClassName="[&_td]:px-2 [&_th]:px-2"
        />
      </div>
      <WhatsAppMessages />
      {receipts.viewer}
    </div>
  );
}
