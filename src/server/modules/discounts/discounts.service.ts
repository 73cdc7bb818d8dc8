import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type {
  AdminDiscount,
  DiscountInput,
} from '../../../shared/contracts/endpoints/admin-discounts.schemas';
import { centsToDecimal, toCents } from '../../../shared/money';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { discountCodes, discountRedemptions } from '../../db/schema';
import { conflict, notFound } from '../../domain/errors';
import { recordActivity } from '../activity/activity';
import { liveHold } from './discount-pricing';
import type { DiscountCodeRow } from './discount-rules';

type Uses = { held: number; used: number };

/** Live held (discount-pricing.ts) and used redemptions per code (a code without any is absent). */
async function usesByCode(db: DbOrTx, codeId?: string): Promise<Map<string, Uses>> {
  const rows = await db
    .select({
      codeId: discountRedemptions.codeId,
      held: sql<number>`count(*) filter (where ${liveHold})::int`,
      used: sql<number>`count(*) filter (where ${discountRedemptions.status} = 'used')::int`,
    })
    .from(discountRedemptions)
    .where(codeId ? eq(discountRedemptions.codeId, codeId) : undefined)
    .groupBy(discountRedemptions.codeId);
  return new Map(rows.map(({ codeId: id, ...uses }) => [id, uses]));
}

const money = (value: string | null) => (value === null ? null : centsToDecimal(toCents(value)));

/** A code as the Discounts tab shows it (and as the activity record keeps it, without its uses). */
function toAdminDiscount(row: DiscountCodeRow, uses: Uses = { held: 0, used: 0 }): AdminDiscount {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    value: row.kind === 'percent' ? String(Number(row.value)) : centsToDecimal(toCents(row.value)),
    minimumCart: money(row.minimumCart),
    validFrom: row.validFrom?.toISOString() ?? null,
    validUntil: row.validUntil?.toISOString() ?? null,
    maxUses: row.maxUses,
    maxUsesPerEmail: row.maxUsesPerEmail,
    guideIds: row.guideIds ?? [],
    countries: row.countries ?? [],
    locale: row.locale,
    paused: row.pausedAt !== null,
    uses: { held: uses.held, used: uses.used },
    createdAt: row.createdAt.toISOString(),
  };
}

const recorded = ({ uses: _uses, ...code }: AdminDiscount) => code;

/** Live codes, newest first, with their held and used redemptions. */
export async function listDiscounts(db: Db): Promise<{ codes: AdminDiscount[] }> {
  const rows = await db
    .select()
    .from(discountCodes)
    .where(isNull(discountCodes.deletedAt))
    .orderBy(desc(discountCodes.createdAt), desc(discountCodes.id));
  const uses = await usesByCode(db);
  return { codes: rows.map((row) => toAdminDiscount(row, uses.get(row.id))) };
}

const columnsOf = (input: DiscountInput) => ({
  code: input.code,
  kind: input.kind,
  value: centsToDecimal(Math.round(input.value * 100)),
  minimumCart: input.minimumCart === null ? null : centsToDecimal(Math.round(input.minimumCart * 100)),
  validFrom: input.validFrom ? new Date(input.validFrom) : null,
  validUntil: input.validUntil ? new Date(input.validUntil) : null,
  maxUses: input.maxUses,
  maxUsesPerEmail: input.maxUsesPerEmail,
  guideIds: input.guideIds.length > 0 ? [...new Set(input.guideIds)] : null,
  countries: input.countries.length > 0 ? [...new Set(input.countries)] : null,
  locale: input.locale,
});

const codeTaken = (code: string) =>
  conflict(`code: a live code named ${code} already exists (codes ignore letter case)`, {
    field: 'code',
    code: 'discount_code_taken',
  });

/** Whether another live code has this name, whatever its case; serialised per name by a lock. */
async function nameTaken(tx: Tx, code: string, exceptId?: string): Promise<boolean> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`discount:${code.toUpperCase()}`}, 0))`,
  );
  const [row] = await tx
    .select({ id: discountCodes.id })
    .from(discountCodes)
    .where(
      and(
        sql`upper(${discountCodes.code}) = upper(${code})`,
        isNull(discountCodes.deletedAt),
        exceptId ? ne(discountCodes.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function createDiscount(db: Db, actor: string, input: DiscountInput): Promise<AdminDiscount> {
  return db.transaction(async (tx) => {
    if (await nameTaken(tx, input.code)) throw codeTaken(input.code);
    const [row] = await tx.insert(discountCodes).values(columnsOf(input)).returning();
    const created = toAdminDiscount(row!);
    await recordActivity(tx, {
      actor,
      action: 'discount.create',
      subjectType: 'discount',
      subjectId: row!.id,
      after: recorded(created),
    });
    return created;
  });
}

/** The live code, locked for the change; a deleted or unknown one is a 404. */
async function lockLiveCode(tx: DbOrTx, id: string): Promise<DiscountCodeRow> {
  const [row] = await tx
    .select()
    .from(discountCodes)
    .where(and(eq(discountCodes.id, id), isNull(discountCodes.deletedAt)))
    .for('update');
  if (!row) throw notFound('Discount code not found');
  return row;
}

/** One change to a live code, recorded with its values before and after. */
async function changeCode(
  db: Db,
  change: { actor: string; id: string; action: string },
  values: (before: DiscountCodeRow, tx: Tx) => Promise<Partial<typeof discountCodes.$inferInsert>>,
): Promise<AdminDiscount> {
  return db.transaction(async (tx) => {
    const before = await lockLiveCode(tx, change.id);
    const [row] = await tx
      .update(discountCodes)
      .set({ ...(await values(before, tx)), updatedAt: sql`now()` })
      .where(eq(discountCodes.id, change.id))
      .returning();
    const after = toAdminDiscount(row!);
    await recordActivity(tx, {
      actor: change.actor,
      action: change.action,
      subjectType: 'discount',
      subjectId: change.id,
      before: recorded(toAdminDiscount(before)),
      after: row!.deletedAt ? null : recorded(after),
    });
    return toAdminDiscount(row!, (await usesByCode(tx, change.id)).get(change.id));
  });
}

/** Edits a code; orders already placed keep the discount they got. */
export const updateDiscount = (db: Db, actor: string, id: string, input: DiscountInput) =>
  changeCode(db, { actor, id, action: 'discount.update' }, async (_before, tx) => {
    if (await nameTaken(tx, input.code, id)) throw codeTaken(input.code);
    return columnsOf(input);
  });

export const pauseDiscount = (db: Db, actor: string, id: string, paused: boolean) =>
  changeCode(db, { actor, id, action: paused ? 'discount.pause' : 'discount.resume' }, async (before) => ({
    pausedAt: paused ? (before.pausedAt ?? new Date()) : null,
  }));

/** Soft: the orders that used the code keep pointing at it; it can no longer be used or listed. */
export const deleteDiscount = (db: Db, actor: string, id: string) =>
  changeCode(db, { actor, id, action: 'discount.delete' }, async () => ({ deletedAt: new Date() }));
