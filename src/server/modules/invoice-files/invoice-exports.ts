import { stringify } from 'csv-stringify/sync';
import { and, asc, gte, lt } from 'drizzle-orm';
import { centsToDecimal } from '../../../shared/money';
import type { Db } from '../../db/client';
import { creditNotes, invoices } from '../../db/schema';
import type { CreditNoteDocument, InvoiceDocument } from '../invoices/invoice-document';
import { neutraliseFormula } from '../messages/csv-cells';

const CSV_OPTIONS = { quoted_string: true, record_delimiter: 'windows' } as const;
const DAY_MS = 86_400_000;

export interface DocumentPeriod {
  from: string;
  to: string;
}

/** Issue days from `from` to `to`, both included, in UTC. */
function range(period: DocumentPeriod) {
  const start = new Date(`${period.from}T00:00:00Z`);
  const end = new Date(Date.parse(`${period.to}T00:00:00Z`) + DAY_MS);
  return { start, end };
}

async function documentsOf(db: Db, period: DocumentPeriod) {
  const { start, end } = range(period);
  const issued = await db
    .select({ document: invoices.document })
    .from(invoices)
    .where(and(gte(invoices.issuedAt, start), lt(invoices.issuedAt, end)))
    .orderBy(asc(invoices.number));
  const credited = await db
    .select({ document: creditNotes.document })
    .from(creditNotes)
    .where(and(gte(creditNotes.issuedAt, start), lt(creditNotes.issuedAt, end)))
    .orderBy(asc(creditNotes.number));
  return {
    invoices: issued.map((row) => row.document as InvoiceDocument),
    creditNotes: credited.map((row) => row.document as CreditNoteDocument),
  };
}

const euros = (cents: number) => centsToDecimal(cents);
const percent = (rateBp: number) => (rateBp / 100).toFixed(2);
const csv = (header: string[], rows: string[][]) =>
  `\uFEFF${stringify([header, ...rows.map((row) => row.map(neutraliseFormula))], CSV_OPTIONS)}`;

/** Every invoice and credit note issued in the period, one line each, in number order. */
export async function invoiceRegisterCsv(db: Db, period: DocumentPeriod): Promise<string> {
  const docs = await documentsOf(db, period);
  const header = [
    'Type',
    'Number',
    'Issued at',
    'Order',
    'Corrects invoice',
    'Buyer',
    'Business name',
    'Buyer tax id',
    'Country',
    'Rate %',
    'Taxable EUR',
    'Tax EUR',
    'Total EUR',
    'Payment',
  ];
  const rows = [
    ...docs.invoices.map((d) => [
      'invoice',
      d.number,
      d.issuedAt,
      d.orderNumber,
      '',
      d.buyer.name,
      d.buyer.businessName ?? '',
      d.buyer.taxId ?? '',
      d.tax.country ?? '',
      percent(d.tax.rateBp),
      euros(d.netCents),
      euros(d.tax.cents),
      euros(d.totalCents),
      d.payment.method,
    ]),
    ...docs.creditNotes.map((d) => [
      'credit_note',
      d.number,
      d.issuedAt,
      d.orderNumber,
      d.invoiceNumber,
      d.buyer.name,
      d.buyer.businessName ?? '',
      d.buyer.taxId ?? '',
      d.tax.country ?? '',
      percent(d.tax.rateBp),
      euros(-d.netCents),
      euros(-d.taxCents),
      euros(-d.amountCents),
      '',
    ]),
  ];
  return csv(header, rows);
}

interface TaxGroup {
  country: string;
  rateBp: number;
  invoices: number;
  creditNotes: number;
  taxable: number;
  tax: number;
  total: number;
}

/** The tax report: per country and rate, what was invoiced less what credit notes gave back. */
export async function taxReportRows(db: Db, period: DocumentPeriod): Promise<TaxGroup[]> {
  const docs = await documentsOf(db, period);
  const groups = new Map<string, TaxGroup>();
  const group = (country: string | null, rateBp: number) => {
    const key = `${country ?? ''}|${rateBp}`;
    let found = groups.get(key);
    if (!found) {
      found = { country: country ?? '', rateBp, invoices: 0, creditNotes: 0, taxable: 0, tax: 0, total: 0 };
      groups.set(key, found);
    }
    return found;
  };
  for (const d of docs.invoices) {
    const g = group(d.tax.country, d.tax.rateBp);
    g.invoices += 1;
    g.taxable += d.netCents;
    g.tax += d.tax.cents;
    g.total += d.totalCents;
  }
  for (const d of docs.creditNotes) {
    const g = group(d.tax.country, d.tax.rateBp);
    g.creditNotes += 1;
    g.taxable -= d.netCents;
    g.tax -= d.taxCents;
    g.total -= d.amountCents;
  }
  return [...groups.values()].sort((a, b) => a.country.localeCompare(b.country) || a.rateBp - b.rateBp);
}

export async function taxReportCsv(db: Db, period: DocumentPeriod): Promise<string> {
  const rows = await taxReportRows(db, period);
  const sum = (pick: (g: TaxGroup) => number) => rows.reduce((s, g) => s + pick(g), 0);
  const header = ['Country', 'Rate %', 'Invoices', 'Credit notes', 'Taxable EUR', 'Tax EUR', 'Total EUR'];
  return csv(header, [
    ...rows.map((g) => [
      g.country || '(none)',
      percent(g.rateBp),
      String(g.invoices),
      String(g.creditNotes),
      euros(g.taxable),
      euros(g.tax),
      euros(g.total),
    ]),
    [
      'Total',
      '',
      String(sum((g) => g.invoices)),
      String(sum((g) => g.creditNotes)),
      euros(sum((g) => g.taxable)),
      euros(sum((g) => g.tax)),
      euros(sum((g) => g.total)),
    ],
  ]);
}
