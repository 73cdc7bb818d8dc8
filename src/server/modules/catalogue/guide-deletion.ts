import { eq } from 'drizzle-orm';
import type { AdminGuide, CanDelete } from '../../../shared/contracts/endpoints/guides.schemas';
import type { Db } from '../../db/client';
import { guideEditions, orderItems, travelGuides } from '../../db/schema';
import { conflict, notFound } from '../../domain/errors';
import { recordGuideChange } from './guide-activity';
import { type Deps, removeStoredFiles } from './guide-files';
import { ACTIVE_REASON, assertGuideId, findAdminGuide, ORDERED_REASON } from './guides-admin.service';

// A guide's end of life: unpublished first, deleted permanently only if it was never ordered.

/** Unpublishing hides the guide from the storefront; it can be republished with the Active checkbox. */
export async function unpublishGuide(db: Db, actor: string, id: string): Promise<AdminGuide> {
  assertGuideId(id);
  await db.transaction(async (tx) => {
    const [old] = await tx.select().from(travelGuides).where(eq(travelGuides.id, id)).for('update').limit(1);
    if (!old) throw notFound('Guide not found');
    const [updated] = await tx
      .update(travelGuides)
      .set({ isActive: false, updatedAt: new Date() })
      .where(eq(travelGuides.id, id))
      .returning();
    await recordGuideChange(tx, { actor, verb: 'unpublish', before: old, after: updated! });
  });
  return findAdminGuide(db, id);
}

/** Why a guide cannot be deleted permanently, or null when it can. */
async function deletionBlocker(db: Pick<Db, 'select'>, guide: { id: string; isActive: boolean }) {
  const [ordered] = await db
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(eq(orderItems.guideId, guide.id))
    .limit(1);
  if (ordered) return ORDERED_REASON;
  if (guide.isActive) return ACTIVE_REASON;
  return null;
}

export async function canDeleteGuide(db: Db, id: string): Promise<CanDelete> {
  assertGuideId(id);
  const [guide] = await db
    .select({ id: travelGuides.id, isActive: travelGuides.isActive })
    .from(travelGuides)
    .where(eq(travelGuides.id, id))
    .limit(1);
  if (!guide) throw notFound('Guide not found');
  const reason = await deletionBlocker(db, guide);
  return { canDelete: reason === null, reason };
}

/** Postgres error code, wherever the driver or drizzle wrapped it. */
function pgCode(error: unknown): string | undefined {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** Deletes an inactive, never-ordered guide and then its files; 409 with the reason otherwise. */
export async function deleteGuidePermanently(deps: Deps, actor: string, id: string): Promise<void> {
  assertGuideId(id);
  let fileIds: (string | null)[];
  try {
    fileIds = await deps.db.transaction(async (tx) => {
      const [guide] = await tx
        .select()
        .from(travelGuides)
        .where(eq(travelGuides.id, id))
        .for('update')
        .limit(1);
      if (!guide) throw notFound('Guide not found');
      const reason = await deletionBlocker(tx, guide);
      if (reason) throw conflict(reason);
      // Its editions go with it (never ordered, so no buyer needs them), and their files after.
      const editions = await tx
        .delete(guideEditions)
        .where(eq(guideEditions.guideId, id))
        .returning({ a: guideEditions.pdfPrimaryFileId, b: guideEditions.pdfSecondaryFileId });
      await tx.delete(travelGuides).where(eq(travelGuides.id, id));
      await recordGuideChange(tx, { actor, verb: 'delete', before: guide });
      const editionFiles = editions.flatMap((row) => [row.a, row.b]);
      return [
        guide.coverFileId,
        guide.previewFileId,
        ...new Set([guide.pdfPrimaryFileId, guide.pdfSecondaryFileId, ...editionFiles]),
      ];
    });
  } catch (error) {
    // An order placed for it in the meantime: the foreign key keeps the row.
    if (pgCode(error) === '23503') throw conflict(ORDERED_REASON);
    throw error;
  }
  await removeStoredFiles(deps, fileIds);
}
