import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { AdminContentBlock, ContentVersion } from '../../../shared/contracts/endpoints/content.schemas';
import type { Locale } from '../../../shared/locale';
import type { Db, Tx } from '../../db/client';
import { contentBlocks, contentVersions } from '../../db/schema';
import { conflict, invalid, notFound } from '../../domain/errors';
import { recordActivity } from '../activity/activity';
import { sanitizeContentHtml } from './render-content';

type ContentType = 'plain' | 'html' | 'markdown';
type BlockRow = typeof contentBlocks.$inferSelect;

const ADMIN = 'admin';

const toBlock = (row: BlockRow): AdminContentBlock => ({
  key: row.key,
  value: row.value,
  type: row.type,
  locale: row.locale,
  version: row.version,
  updatedBy: row.updatedBy,
  updatedAt: row.updatedAt.toISOString(),
});

/** What is stored for a value: html is sanitised before it is kept (and again when rendered). */
const storedValue = (type: ContentType, value: string) =>
  type === 'html' ? sanitizeContentHtml(value) : value;

export async function listContentBlocks(db: Db, locale?: Locale): Promise<AdminContentBlock[]> {
  const rows = await db
    .select()
    .from(contentBlocks)
    .where(locale ? eq(contentBlocks.locale, locale) : undefined)
    .orderBy(asc(contentBlocks.key), asc(contentBlocks.locale));
  return rows.map(toBlock);
}

/** What the activity record keeps of a block. */
const blockValues = (row: Pick<BlockRow, 'type' | 'value' | 'version'>) => ({
  type: row.type,
  value: row.value,
  version: row.version,
});

/** A change to a block, recorded in its transaction: `content.create`, `.update` or `.restore`. */
function recordBlockChange(
  tx: Tx,
  change: { actor: string; verb: string; key: string; locale: Locale; before?: BlockRow; after: BlockRow },
) {
  return recordActivity(tx, {
    actor: change.actor,
    action: `content.${change.verb}`,
    subjectType: 'content',
    subjectId: `${change.key}:${change.locale}`,
    before: change.before ? blockValues(change.before) : undefined,
    after: blockValues(change.after),
  });
}

const blockWhere = (key: string, locale: Locale) =>
  and(eq(contentBlocks.key, key), eq(contentBlocks.locale, locale));

/** The block's row, locked until the transaction ends: saves of one block run one after another. */
async function lockBlock(tx: Tx, key: string, locale: Locale): Promise<BlockRow | undefined> {
  const [row] = await tx.select().from(contentBlocks).where(blockWhere(key, locale)).for('update').limit(1);
  return row;
}

/**
 * Makes `value` the block's current value as its next version, recording the version row in the
 * same transaction. The row lock (or, for a new block, the key+locale unique index) keeps two
 * racing saves from ever taking the same version number.
 */
async function writeNewVersion(
  tx: Tx,
  current: BlockRow,
  type: ContentType,
  value: string,
  activity: { actor: string; verb: 'update' | 'restore' },
): Promise<AdminContentBlock> {
  // A block written before history was kept (or by hand) gets its current value recorded first.
  await tx
    .insert(contentVersions)
    .values({
      key: current.key,
      locale: current.locale,
      version: current.version,
      type: current.type,
      value: current.value,
      updatedBy: current.updatedBy,
      createdAt: current.updatedAt,
    })
    .onConflictDoNothing();
  const version = current.version + 1;
  const [updated] = await tx
    .update(contentBlocks)
    .set({ type, value, version, updatedBy: ADMIN, updatedAt: sql`now()` })
    .where(eq(contentBlocks.id, current.id))
    .returning();
  await tx
    .insert(contentVersions)
    .values({ key: current.key, locale: current.locale, version, type, value, updatedBy: ADMIN });
  await recordBlockChange(tx, {
    ...activity,
    key: current.key,
    locale: current.locale,
    before: current,
    after: updated!,
  });
  return toBlock(updated!);
}

const LOCALE_NAMES: Record<Locale, string> = { en: 'English', fr: 'French' };

function alreadyExists(key: string, locale: Locale): string {
  return `A content block "${key}" already exists in ${LOCALE_NAMES[locale]}: nothing was changed. To change it, use Edit on it in the list below.`;
}

export async function saveContentBlock(
  db: Db,
  actor: string,
  rawKey: string,
  input: { value: string; type: ContentType; locale: Locale },
  /** Create only (If-None-Match: *, the tab's "Create Content"): an existing key is a 409, never overwritten. */
  options: { createOnly?: boolean } = {},
): Promise<{ block: AdminContentBlock; created: boolean }> {
  const key = rawKey.trim();
  if (!key) throw invalid('Key is required', { field: 'key' });
  if (!input.value.trim()) throw invalid('Value is required', { field: 'value' });
  const value = storedValue(input.type, input.value);
  // Sanitising can leave nothing (a value that was only a script).
  if (!value.trim()) throw invalid('Value is required', { field: 'value' });

  return db.transaction(async (tx) => {
    for (let attempt = 0; attempt < 3; attempt++) {
      const current = await lockBlock(tx, key, input.locale);
      if (current && options.createOnly) throw conflict(alreadyExists(key, input.locale));
      if (current) {
        const block = await writeNewVersion(tx, current, input.type, value, { actor, verb: 'update' });
        return { block, created: false };
      }
      const [inserted] = await tx
        .insert(contentBlocks)
        .values({ key, locale: input.locale, type: input.type, value, version: 1, updatedBy: ADMIN })
        .onConflictDoNothing()
        .returning();
      if (inserted) {
        await tx.insert(contentVersions).values({
          key,
          locale: input.locale,
          version: 1,
          type: input.type,
          value,
          updatedBy: ADMIN,
          createdAt: inserted.updatedAt,
        });
        await recordBlockChange(tx, { actor, verb: 'create', key, locale: input.locale, after: inserted });
        return { block: toBlock(inserted), created: true };
      }
      // Another save created the block in the meantime: lock theirs and save on top of it.
    }
    throw conflict('The content block changed while saving; please try again');
  });
}

export async function listContentVersions(db: Db, key: string, locale: Locale): Promise<ContentVersion[]> {
  const [block] = await db.select().from(contentBlocks).where(blockWhere(key, locale)).limit(1);
  if (!block) throw notFound('Content block not found');
  const rows = await db
    .select()
    .from(contentVersions)
    .where(and(eq(contentVersions.key, key), eq(contentVersions.locale, locale)))
    .orderBy(desc(contentVersions.version));
  const versions = rows.map((row) => ({
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedBy: row.updatedBy,
    value: row.value,
    type: row.type,
  }));
  // A block written before history was kept still shows its current value as a version.
  if (!rows.some((row) => row.version === block.version)) {
    versions.unshift({
      version: block.version,
      createdAt: block.updatedAt.toISOString(),
      updatedBy: block.updatedBy,
      value: block.value,
      type: block.type,
    });
  }
  return versions;
}

/** Restores an earlier version by saving its value again as a new version: nothing is lost. */
export async function rollbackContentBlock(
  db: Db,
  actor: string,
  key: string,
  input: { version: number; locale: Locale },
): Promise<AdminContentBlock> {
  return db.transaction(async (tx) => {
    const current = await lockBlock(tx, key, input.locale);
    if (!current) throw notFound('Content block not found');
    if (input.version === current.version) throw conflict('That version is already the current one');
    const [target] = await tx
      .select()
      .from(contentVersions)
      .where(
        and(
          eq(contentVersions.key, key),
          eq(contentVersions.locale, input.locale),
          eq(contentVersions.version, input.version),
        ),
      )
      .limit(1);
    if (!target) throw notFound('Content version not found');
    return writeNewVersion(tx, current, target.type, storedValue(target.type, target.value), {
      actor,
      verb: 'restore',
    });
  });
}
