import type { EmailLogEntry } from '../../../shared/contracts/endpoints/emails.schemas';
import { displayPrice } from '../../../shared/money';
import { paymentMethodLabel } from '../../../shared/payment-methods';
import type { Column } from '../shell/admin-table';
import { ProofButton, type useProofViewer } from '../shell/proof-viewer';
import { formatAdminDate } from '../shell/table-cells';

const capitalise = (text: string) => (text ? text[0]!.toUpperCase() + text.slice(1) : text);

const EMAIL_KINDS: Record<string, string> = {
  delivery: 'Guides delivery',
  'resend-links': 'Links resent',
  'receipt-received': 'Receipt received',
  'operator-receipt-notice': 'Operator notice',
  'operator-payment-attention': 'Payment to check',
  /** A card payment that could not become an order: refund it or deliver by hand. */
  'card-payment-attention': 'Card paid, no order',
  rejection: 'Payment rejected',
  'refund-email': 'Refund',
  'payment-instructions': 'Payment instructions',
  'payment-reminder': 'Payment reminder',
  'library-sign-in': 'My guides sign-in link',
  'new-edition': 'New edition notice',
  'review-reminder': 'Review reminder',
};

/** Emails to the customer that Send Again does not follow, with why, as the row says it. */
const NOTHING_TO_RESEND: Record<string, { testId: string; text: string }> = {
  // A links email after a refund would contradict it (access may be closed).
  'refund-email': { testId: 'refund-notice', text: 'Refund notice: nothing to resend' },
  'library-sign-in': {
    testId: 'sign-in-notice',
    text: 'Sign-in link: nothing to resend (single-use and short-lived; the buyer asks for a new one on My guides)',
  },
  'new-edition': {
    testId: 'edition-notice',
    text: 'New edition notice: nothing to resend (the new edition is on the buyer’s My guides page)',
  },
  'review-reminder': {
    testId: 'review-reminder-notice',
    text: 'Review reminder: nothing to resend (sent once, 5 days after the purchase)',
  },
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

function GuidesCell({ titles }: { titles: string[] }) {
  if (titles.length === 0) return <span className="text-stone-500">No guides found</span>;
  return (
    <ul className="space-y-0.5">
      {titles.map((title, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a title may repeat
        <li key={i}>{title}</li>
      ))}
    </ul>
  );
}

function StatusCell({ entry }: { entry: EmailLogEntry }) {
  return (
    <>
      <span
        className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[entry.status] ?? 'bg-stone-100'}`}
        title={entry.lastError ?? undefined}
      >
        {capitalise(entry.status)}
      </span>
      {entry.status === 'failed' && entry.lastError ? (
        <span className="mt-1 block max-w-[16rem] text-xs text-red-800">{entry.lastError}</span>
      ) : null}
    </>
  );
}

function SendAgainCell(props: {
  entry: EmailLogEntry;
  sending: string | null;
  sendAgain(entry: EmailLogEntry): void;
}) {
  const { entry } = props;
  const note = NOTHING_TO_RESEND[entry.kind];
  if (note)
    return (
      <span className="text-xs text-stone-600" data-testid={note.testId}>
        {note.text}
      </span>
    );
  if (!CUSTOMER_KINDS.has(entry.kind))
    return (
      <span className="text-xs text-stone-600" data-testid="shop-notice">
        Sent to the shop: nothing to resend
      </span>
    );
  const canResend = entry.orderInfo?.orderStatus === 'completed';
  return (
    <button
      type="button"
      disabled={!canResend || props.sending !== null}
      title={canResend ? undefined : 'Only a completed order’s guides can be sent'}
      onClick={() => props.sendAgain(entry)}
      className="rounded-md border border-stone-300 min-w-32 px-3 py-1.5 text-left text-sm font-semibold hover:bg-stone-50 disabled:opacity-50"
    >
      {props.sending === entry.id ? 'Sending…' : 'Send Again: download links'}
    </button>
  );
}

/** The Email History's columns. */
export function emailColumns(ctx: {
  receipts: ReturnType<typeof useProofViewer>;
  sending: string | null;
  sendAgain(entry: EmailLogEntry): void;
}): Column<EmailLogEntry>[] {
  return [
    {
      header: 'Customer',
      cell: ({ orderInfo: info }) => (
        <>
          <p className="font-medium">{info?.customerName || 'Unknown Customer'}</p>
          {info ? <p className="text-xs text-stone-500">{info.orderNumber}</p> : null}
        </>
      ),
    },
    {
      header: 'Email',
      className: 'max-sm:break-all',
      cell: (entry) => (
        <>
          <p>{entry.toEmail}</p>
          <p className="text-xs text-stone-500">{EMAIL_KINDS[entry.kind] ?? entry.kind}</p>
        </>
      ),
    },
    { header: 'Mobile Number', cell: (entry) => entry.orderInfo?.mobile ?? 'N/A' },
    {
      header: 'Payment Method',
      cell: ({ orderInfo: info }) => paymentMethodLabel(info?.paymentMethod, info?.paymentProvider),
    },
    {
      header: 'Receipt',
      cell: ({ orderInfo: info }) => (
        <ProofButton
          viewer={ctx.receipts}
          url={info?.paymentReceiptUrl}
          type={info?.paymentReceiptType ?? null}
          orderNumber={info?.orderNumber ?? ''}
          none="—"
        />
      ),
    },
    {
      header: 'Purchased Guides',
      className: 'sm:min-w-44',
      cell: (entry) => <GuidesCell titles={entry.purchasedGuides} />,
    },
    { header: 'Order Total', cell: ({ orderInfo: info }) => (info ? displayPrice(info.total, 'en') : 'N/A') },
    { header: 'Status', cell: (entry) => <StatusCell entry={entry} /> },
    { header: 'Sent At', cell: (entry) => (entry.sentAt ? formatAdminDate(entry.sentAt) : '—') },
    {
      header: 'Retries',
      cell: (entry) => (
        <>
          {entry.resentCount}
          {entry.attempts > 1 ? (
            <span className="block text-xs text-stone-600">{entry.attempts} delivery tries</span>
          ) : null}
        </>
      ),
    },
    {
      header: 'Actions',
      cell: (entry) => <SendAgainCell entry={entry} sending={ctx.sending} sendAgain={ctx.sendAgain} />,
    },
  ];
}
