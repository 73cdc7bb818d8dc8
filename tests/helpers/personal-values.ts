import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';

export interface Sighting {
  table: string;
  column: string;
  value: string;
}

/**
 * Every text, varchar or json column of every table in the database, searched for each needle
 * (case-insensitive): where a personal value is still held, whatever table a feature added.
 */
export async function findPersonalValues(db: Db, needles: string[]): Promise<Sighting[]> {
  const columns = (await db.execute(sql`
    select table_name, column_name from information_schema.columns
    where table_schema = current_schema() and data_type in ('text', 'character varying', 'json', 'jsonb')
    order by table_name, column_name`)) as unknown as { rows: { table_name: string; column_name: string }[] };
  const found: Sighting[] = [];
  for (const { table_name, column_name } of columns.rows) {
    for (const needle of needles) {
      const hit = (await db.execute(
        sql`select ${sql.identifier(column_name)}::text as value from ${sql.identifier(table_name)}
          where strpos(lower(${sql.identifier(column_name)}::text), lower(${needle})) > 0 limit 1`,
      )) as unknown as { rows: { value: string }[] };
      const row = hit.rows[0];
      if (row) found.push({ table: table_name, column: column_name, value: row.value.slice(0, 200) });
    }
  }
  return found;
}
