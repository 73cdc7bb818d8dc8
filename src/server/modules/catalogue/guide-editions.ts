import { desc, eq } from 'drizzle-orm';
import {
  type AdminEdition,
  type EditionFields,
  editionFieldsSchema,
  editionMessages,
} from '../../../shared/contracts/admin/editions';
import { guideMessages } from '../../../shared/contracts/admin/guides';
import type { DbOrTx } from '../../db/client';
import { guideEditions, travelGuides } from '../../db/schema';
import { invalid, notFound } from '../../domain/errors';
import { recordActivity } from '../activity/activity';
import { defaultLabels, type EditionRow, recordFirstEdition } from '../editions/edition-rows';
import { adminEdition } from '../editions/editions.service';
import { startTellingBuyers } from '../editions/notify-buyers';
import { queueLightCopies } from '../light/light-copies.service';
import {
  assertFileTypes,
  type Deps,
  type DerivedFiles,
  deriveGuideFiles,
  type GuideFiles,
  idsOf,
  removeStoredFiles,
  type StoredSet,
  storeDerived,
} from './guide-files';

type PublishedFields = EditionFields & { changesFr: string; changesEn: string };

function parseEditionFields(input: unknown): EditionFields {
  const parsed = editionFieldsSchema.safeParse(input);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    throw invalid(issue?.message ?? 'Invalid edition', issue ? { field: String(issue.path[0]) } : {});
  }
  return parsed.data;
}

/**
 * What changed is asked in the guide's own language; the other language's notice (a buyer who reads
 * the shop in it) says the same text unless the operator wrote one.
 */
function inGuideLanguage(fields: EditionFields, locale: 'fr' | 'en'): PublishedFields {
  const own = locale === 'en' ? fields.changesEn : fields.changesFr;
  if (!own) {
    const field = locale === 'en' ? 'changesEn' : 'changesFr';
    const message = locale === 'en' ? editionMessages.changesEnRequired : editionMessages.changesFrRequired;
    throw invalid(message, { field });
  }
  return { ...fields, changesFr: fields.changesFr || own, changesEn: fields.changesEn || own };
}

interface NewEdition {
  actor: string;
  guideId: string;
  fields: PublishedFields;
  stored: StoredSet & { primary: NonNullable<StoredSet['primary']> };
  pageCount: DerivedFiles['pageCount'];
}

/**
 * In one transaction, under the guide's row lock (two publishes get consecutive numbers): the
 * edition row, the guide pointing at its files, the buyers counted and their first batch queued.
 */
async function recordEdition(tx: DbOrTx, input: NewEdition) {
  const { guideId, fields, stored } = input;
  const [old] = await tx
    .select()
    .from(travelGuides)
    .where(eq(travelGuides.id, guideId))
    .for('update')
    .limit(1);
  if (!old) throw notFound('Guide not found');
  let [previous] = await tx
    .select({ number: guideEditions.number })
    .from(guideEditions)
    .where(eq(guideEditions.guideId, guideId))
    .orderBy(desc(guideEditions.number))
    .limit(1);
  if (!previous && old.pdfPrimaryFileId) {
    // A PDF from before editions existed: it is kept as edition 1, published with the guide.
    await recordFirstEdition(tx, old, old.createdAt);
    previous = { number: 1 };
  }
  const now = new Date();
  const defaults = defaultLabels(now.getUTCFullYear());
  const files = {
    pdfPrimaryFileId: stored.primary.id,
    // No new companion: the last edition's stays the companion of this one.
    pdfSecondaryFileId: stored.secondary?.id ?? old.pdfSecondaryFileId,
    pageCount: input.pageCount,
  };
  const [created] = await tx
    .insert(guideEditions)
    .values({
      guideId,
      number: (previous?.number ?? 0) + 1,
      labelFr: fields.labelFr || defaults.labelFr,
      labelEn: fields.labelEn || defaults.labelEn,
      ...files,
      changesFr: fields.changesFr,
      changesEn: fields.changesEn,
      notifyBuyers: fields.notifyBuyers ?? false,
      publishedAt: now,
    })
    .returning();
  await tx
    .update(travelGuides)
    .set({ ...files, previewFileId: stored.preview?.id, updatedAt: now })
    .where(eq(travelGuides.id, guideId));
  const told = fields.notifyBuyers ? await startTellingBuyers(tx, created!) : null;
  // The new edition's light copies, made by the job worker like an upload's, a few
  // seconds later: the first batch of emails to past buyers should not wait on mupdf.
  await queueLightCopies(tx, [stored.primary.id, stored.secondary?.id], {
    runAfter: new Date(now.getTime() + 5_000),
  });
  await recordActivity(tx, {
    actor: input.actor,
    action: 'guide.publish_edition',
    subjectType: 'guide',
    subjectId: guideId,
    before: { pdfPrimaryFileId: old.pdfPrimaryFileId, pdfSecondaryFileId: old.pdfSecondaryFileId },
    after: { edition: created!.number, labelFr: created!.labelFr, ...files, buyersTold: told },
  });
  return { edition: { ...created!, notifyTotal: told } as EditionRow, oldPreview: old.previewFileId };
}

/**
 * Publishes a guide's next edition: the new PDF (and companion) becomes the guide's
 * current file and every earlier edition keeps its own. Files are stored first and removed again
 * if the transaction fails; only the replaced preview image goes after, since no buyer needs it.
 */
export async function publishEdition(
  deps: Deps,
  actor: string,
  guideId: string,
  fieldsInput: unknown,
  files: Pick<GuideFiles, 'pdfPrimary' | 'pdfSecondary'>,
): Promise<AdminEdition> {
  const parsed = parseEditionFields(fieldsInput);
  if (!files.pdfPrimary) throw invalid(editionMessages.pdfRequired, { field: 'pdfPrimary' });
  await assertFileTypes(files);
  const [guide] = await deps.db
    .select({ slug: travelGuides.slug, locale: travelGuides.locale })
    .from(travelGuides)
    .where(eq(travelGuides.id, guideId))
    .limit(1);
  if (!guide) throw notFound('Guide not found');
  const fields = inGuideLanguage(parsed, guide.locale);
  const derived = await deriveGuideFiles(files, guide.slug, guideMessages.pdfType);
  const stored = await storeDerived(deps, derived);
  const primary = stored.primary!;
  let published: Awaited<ReturnType<typeof recordEdition>>;
  try {
    published = await deps.db.transaction((tx) =>
      recordEdition(tx, {
        actor,
        guideId,
        fields,
        stored: { ...stored, primary },
        pageCount: derived.pageCount,
      }),
    );
  } catch (error) {
    await removeStoredFiles(deps, idsOf(stored));
    throw error;
  }
  await removeStoredFiles(deps, [published.oldPreview]);
  return adminEdition(deps.db, published.edition, primary.originalName, primary.size);
}
