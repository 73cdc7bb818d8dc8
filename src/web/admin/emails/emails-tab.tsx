import { useState } from 'react';
import type { EmailLogEntry, EmailRange, EmailStats } from '../../../shared/contracts/admin/emails';
import { displayPrice } from '../../../shared/money';
import { paymentMethodLabel } from '../../../shared/payment-methods';
import { toast } from '../../components/ui/toast';
import { adminFetch } from '../auth/admin-session';
import { formatAdminDate, ReceiptButton, useReceiptViewer } from '../mobile-money/mobile-money-tab';
import { showAdminError } from '../shell/admin-toast';
import { CELL } from '../shell/table-cells';
import { useAdminData } from '../shell/use-admin-data';

const RANGES: { value: EmailRange; label: string }[] = [
  { value: '7d', label: 'Last 7 days' },
  { value: '30d', label: 'Last 30 days' },
  { value: '90d', label: 'Last 90 days' },
];

const capitalise = (text: string) => (text ? text[0]!.toUpperCase() + text.slice(1) : text);

const EMAIL_KINDS: Record<string, string> = {
  delivery: 'Guides delivery',
  'resend-links': 'Links resent',
  'receipt-received': 'Receipt received',
  'operator-receipt-notice': 'Operator notice',
  'operator-payment-attention': 'Payment to check',
  /** A card payment that could not become an order: refund it or deliver by hand (issue 15 item 7). */
  'card-payment-attention': 'Card paid, no order',
  rejection: 'Payment rejected',
};

/**
 * Emails sent to the customer, which Send Again may follow with a new links email. The shop's own
 * notices (to OPERATOR_EMAIL) never offer it: it would email the customer about them.
 */
const CUSTOMER_KINDS = new Set([
  'delivery',
  'resend-links',
  'receipt-received',
  'rejection',
  'payment-instructions',
  'payment-reminder',
]);

const STATUS_STYLE: Record<string, string> = {
  sent: 'bg-teal-100 text-teal-900',
  failed: 'bg-red-100 text-red-800',
};

function StatCard(props: { label: string; value: string }) {
  return (
    <div className="rounded-lg border border-stone-200 bg-white p-4">
      <p className="text-sm text-stone-600">{props.label}</p>
      <p className="mt-1 text-2xl font-bold">{props.value}</p>
    </div>
  );
}

/** The admin Emails tab (admin spec §2, §3, §8): stats, the history, Send Again and the customer export. */
export function EmailsTab() {
  const [range, setRange] = useState<EmailRange>('7d');
  const stats = useAdminData<EmailStats>(`/api/admin/emails/stats?range=${range}`);
  const emails = useAdminData<EmailLogEntry[]>('/api/admin/emails');
  const [sending, setSending] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const receipts = useReceiptViewer();

  const sendAgain = async (entry: EmailLogEntry) => {
    if (!entry.orderId) return;
    setSending(entry.id);
    try {
      await adminFetch(`/api/orders/${encodeURIComponent(entry.orderId)}/deliver`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ resend: true }),
      });
      toast({ title: 'Email resent successfully', description: 'New download links sent to the customer' });
    } catch (error) {
      showAdminError(error);
    } finally {
      setSending(null);
      await Promise.all([emails.reload(), stats.reload()]);
    }
  };

  const exportList = async () => {
    setExporting(true);
    try {
      const response = await adminFetch('/api/admin/emails/export');
      const name =
        /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'customers.csv';
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = name;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 5000);
      toast({ title: 'Customer email list exported successfully' });
    } catch (error) {
      toast({ title: 'Export failed', description: (error as Error).message, variant: 'destructive' });
    } finally {
      setExporting(false);
    }
  };

  const s = stats.data;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 className="text-lg font-semibold">Email Management</h3>
        <div className="flex flex-wrap items-center gap-2">
          <label className="flex items-center gap-2 text-sm" htmlFor="email-range">
            Range
            <select
              id="email-range"
              value={range}
              onChange={(event) => setRange(event.target.value as EmailRange)}
              className="h-9 rounded-md border border-stone-300 bg-white px-2"
            >
              {RANGES.map((r) => (
                <option key={r.value} value={r.value}>
                  {r.label}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            disabled={exporting}
            onClick={exportList}
            className="h-9 rounded-md bg-teal-800 px-4 text-sm font-semibold text-white hover:bg-teal-700 disabled:opacity-60"
          >
            {exporting ? 'Exporting…' : 'Export Email List'}
          </button>
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

      <div>
        <h4 className="mb-2 font-semibold">Email History</h4>
        {emails.data === undefined && emails.pending ? (
          <p className="text-sm text-stone-600">Loading…</p>
        ) : emails.error || !emails.data ? (
          <p role="alert" className="text-sm text-red-700">
            {emails.error?.message}
          </p>
        ) : emails.data.length === 0 ? (
          <p className="rounded-lg border border-stone-200 bg-white p-6 text-center text-sm text-stone-600">
            No emails sent yet
          </p>
        ) : (
          <div className="overflow-x-auto rounded-lg border border-stone-200 bg-white">
            <table className="w-full text-left text-sm max-sm:block sm:min-w-[900px] [&_td]:px-2 [&_th]:px-2">
              <thead className="bg-stone-50 text-xs uppercase tracking-wide text-stone-600 max-sm:hidden">
                <tr>
                  {[
                    'Customer',
                    'Email',
                    'Mobile Number',
                    'Payment Method',
                    'Receipt',
                    'Purchased Guides',
                    'Order Total',
                    'Status',
                    'Sent At',
                    'Retries',
                    'Actions',
                  ].map((h) => (
                    <th key={h} scope="col" className="px-3 py-2 font-semibold">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-200 max-sm:block">
                {emails.data.map((entry) => {
                  const info = entry.orderInfo;
                  const toCustomer = CUSTOMER_KINDS.has(entry.kind);
                  const canResend = toCustomer && info?.orderStatus === 'completed';
                  return (
                    <tr
                      key={entry.id}
                      data-testid="email-row"
                      data-kind={entry.kind}
                      className="max-sm:block max-sm:py-2"
                    >
                      <td data-label="Customer" className={`${CELL}`}>
                        <p className="font-medium">{info?.customerName || 'Unknown Customer'}</p>
                        {info ? <p className="text-xs text-stone-500">{info.orderNumber}</p> : null}
                      </td>
                      <td data-label="Email" className={`${CELL} max-sm:break-all`}>
                        <p>{entry.toEmail}</p>
                        <p className="text-xs text-stone-500">{EMAIL_KINDS[entry.kind] ?? entry.kind}</p>
                      </td>
                      <td data-label="Mobile Number" className={`${CELL}`}>
                        {info?.mobile ?? 'N/A'}
                      </td>
                      <td data-label="Payment Method" className={`${CELL}`}>
                        {paymentMethodLabel(info?.paymentMethod, info?.paymentProvider)}
                      </td>
                      <td data-label="Receipt" className={`${CELL}`}>
                        <ReceiptButton
                          viewer={receipts}
                          url={info?.paymentReceiptUrl}
                          type={info?.paymentReceiptType ?? null}
                          orderNumber={info?.orderNumber ?? ''}
                          none="—"
                        />
                      </td>
                      <td data-label="Purchased Guides" className={`${CELL} sm:min-w-44`}>
                        {entry.purchasedGuides.length === 0 ? (
                          <span className="text-stone-500">No guides found</span>
                        ) : (
                          <ul className="space-y-0.5">
                            {entry.purchasedGuides.map((title, i) => (
                              // biome-ignore lint/suspicious/noArrayIndexKey: a title may repeat
                              <li key={i}>{title}</li>
                            ))}
                          </ul>
                        )}
                      </td>
                      <td data-label="Order Total" className={`${CELL}`}>
                        {info ? displayPrice(info.total, 'en') : 'N/A'}
                      </td>
                      <td data-label="Status" className={`${CELL}`}>
                        <span
                          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[entry.status] ?? 'bg-stone-100'}`}
                          title={entry.lastError ?? undefined}
                        >
                          {capitalise(entry.status)}
                        </span>
                        {entry.status === 'failed' && entry.lastError ? (
                          <span className="mt-1 block max-w-[16rem] text-xs text-red-800">
                            {entry.lastError}
                          </span>
                        ) : null}
                      </td>
                      <td data-label="Sent At" className={`${CELL}`}>
                        {entry.sentAt ? formatAdminDate(entry.sentAt) : '—'}
                      </td>
                      <td data-label="Retries" className={`${CELL}`}>
                        {entry.resentCount}
                        {entry.attempts > 1 ? (
                          <span className="block text-xs text-stone-600">
                            {entry.attempts} delivery tries
                          </span>
                        ) : null}
                      </td>
                      <td data-label="Actions" className={`${CELL}`}>
                        {toCustomer ? (
                          <button
                            type="button"
                            disabled={!canResend || sending !== null}
                            title={canResend ? undefined : 'Only a completed order’s guides can be sent'}
                            onClick={() => sendAgain(entry)}
                            className="rounded-md border border-stone-300 min-w-32 px-3 py-1.5 text-left text-sm font-semibold hover:bg-stone-50 disabled:opacity-50"
                          >
                            {sending === entry.id ? 'Sending…' : 'Send Again: download links'}
                          </button>
                        ) : (
                          <span className="text-xs text-stone-600" data-testid="shop-notice">
                            Sent to the shop: nothing to resend
                          </span>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </div>
      {receipts.viewer}
    </div>
  );
}
