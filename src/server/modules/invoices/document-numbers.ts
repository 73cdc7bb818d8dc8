import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

export type DocumentKind = 'invoice' | 'credit_note';

const PREFIX: Record<DocumentKind, string> = { invoice: '', credit_note: 'AV-' };

/**
 * The next number of a kind for the current calendar year (UTC), "2027-000123" or "AV-2027-000004".
 * Taken by an UPSERT on the year's counter row inside the caller's transaction: a second payment
 * waits on that row until the first commits, and a transaction that rolls back gives its number
 * back with it, so numbers never skip nor repeat, across any number of instances
 * (docs/decisions/037-invoice-numbers-in-the-database.md).
 */
export async function nextDocumentNumber(tx: DbOrTx, kind: DocumentKind): Promise<string> {
  const result = await tx.execute(sql`
    insert into document_counters (kind, year, last)
    values (${kind}, extract(year from now() at time zone 'UTC')::int, 1)
    on conflict (kind, year) do update set last = document_counters.last + 1
    returning year, last`);
  const rows = (result as unknown as { rows: { year: number; last: number }[] }).rows;
  const row = rows[0];
  if (!row) throw new Error('document counter returned no row');
  return `${PREFIX[kind]}${row.year}-${String(row.last).padStart(6, '0')}`;
}
