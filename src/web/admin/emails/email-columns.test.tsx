import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import type { EmailLogEntry } from '../../../shared/contracts/endpoints/emails.schemas';
import type { useProofViewer } from '../shell/proof-viewer';
import { emailColumns } from './email-columns';

const entry = (kind: string): EmailLogEntry => ({
  id: `e-${kind}`,
  orderId: null,
  kind,
  toEmail: 'awa@example.com',
  subject: 'Subject',
  status: 'sent',
  createdAt: '2026-11-24T08:00:00.000Z',
  sentAt: '2026-11-24T08:00:01.000Z',
  attempts: 1,
  resentCount: 0,
  lastError: null,
  purchasedGuides: [],
  orderInfo: null,
});

const columns = emailColumns({
  receipts: {} as ReturnType<typeof useProofViewer>,
  sending: null,
  sendAgain: () => {},
});
const cellText = (header: string, kind: string) => {
  const column = columns.find((c) => c.header === header)!;
  return renderToStaticMarkup(<div>{column.cell(entry(kind))}</div>).replace(/<[^>]+>/g, ' ');
};

describe('the Messages tab’s email rows', () => {
  test('name every kind the shop sends in words, never its raw key', () => {
    for (const [kind, label] of [
      ['library-sign-in', 'My guides sign-in link'],
      ['new-edition', 'New edition notice'],
      ['payment-reminder', 'Payment reminder'],
    ]) {
      expect(cellText('Email', kind!)).toContain(label);
      expect(cellText('Email', kind!)).not.toContain(kind);
    }
  });

  test('say why a sign-in link or an edition notice is not resent, and not that it went to the shop', () => {
    const signIn = cellText('Actions', 'library-sign-in');
    expect(signIn).toContain('nothing to resend');
    expect(signIn).toContain('single-use and short-lived');
    expect(signIn).not.toContain('Sent to the shop');
    expect(cellText('Actions', 'new-edition')).toMatch(/New edition notice: nothing to resend/);
    expect(cellText('Actions', 'operator-receipt-notice')).toContain('Sent to the shop: nothing to resend');
    expect(cellText('Actions', 'delivery')).toContain('Send Again');
  });
});
