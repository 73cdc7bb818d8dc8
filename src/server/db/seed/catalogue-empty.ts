import type { Db } from '../client';
import { travelGuides } from '../schema';

/** No guide yet: a new shop, which the demo seed fills. Kept apart so a restart checks it without loading the seed. */
export async function catalogueIsEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: travelGuides.id }).from(travelGuides).limit(1);
  return row === undefined;
}
