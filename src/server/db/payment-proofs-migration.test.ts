import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, test } from 'vitest';
import { pgliteExtensions } from './client';

const folder = join(import.meta.dirname, 'migrations');
const files = readdirSync(folder)
  .filter((name) => name.endsWith('.sql'))
  .sort();

async function apply(db: PGlite, names: string[]) {
  for (const name of names) await db.exec(readFileSync(join(folder, name), 'utf8'));
}

describe('the payment proofs migration', () => {
  test('renames payment_receipts to payment_proofs and keeps every proof already uploaded', async () => {
    const db = new PGlite({ extensions: pgliteExtensions });
    const rename = files.indexOf('0020_payment_proofs.sql');
    expect(rename).toBeGreaterThan(0);
    await apply(db, files.slice(0, rename));
    await db.exec(`SET session_replication_role = replica;
      INSERT INTO payment_receipts (order_id, file_id, provider)
      VALUES (gen_random_uuid(), gen_random_uuid(), 'wave'), (gen_random_uuid(), gen_random_uuid(), 'orange');`);
    await apply(db, files.slice(rename));
    const kept = await db.query<{ provider: string }>(
      'SELECT provider FROM payment_proofs ORDER BY provider',
    );
    expect(kept.rows.map((row) => row.provider)).toEqual(['orange', 'wave']);
    const old = await db.query("SELECT 1 FROM pg_class WHERE relname LIKE 'payment_receipts%'");
    expect(old.rows).toEqual([]);
    await db.close();
  }, 120_000);
});
