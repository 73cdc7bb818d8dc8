import { seedGuides } from '../../bench/catalogue-seed';
import type { Db } from '../../src/server/db/client';

/**
 * A catalogue of `total` active guides, as the benches seed it: French and English pairs
 * about places of the three countries, newest first after the guides already there, reusing the
 * files of the first guide found (insert one first).
 */
export async function seedCatalogue(db: Db, total = 1000): Promise<number> {
  return seedGuides(db, total);
}
