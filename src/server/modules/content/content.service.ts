import { and, eq, like, or, type SQL } from 'drizzle-orm';
import type { ContentMap } from '../../../shared/contracts/content';
import type { Locale } from '../../../shared/locale';
import type { Db } from '../../db/client';
import { contentBlocks } from '../../db/schema';
import { renderContentHtml } from './render-content';

/**
 * Current values of the blocks named by `patterns` ("page.about.body" or a prefix "page.about.*").
 * A block missing in the asked locale falls back to French, the shop's default.
 */
export async function readContent(db: Db, locale: Locale, patterns: string[]): Promise<ContentMap> {
  const keyConditions: SQL[] = patterns.map((p) =>
    p.endsWith('*')
      ? like(contentBlocks.key, `${p.slice(0, -1).replace(/[%_\\]/g, '\\$&')}%`)
      : eq(contentBlocks.key, p),
  );
  if (keyConditions.length === 0) return {};
  const rows = await db
    .select()
    .from(contentBlocks)
    .where(and(or(...keyConditions), or(eq(contentBlocks.locale, locale), eq(contentBlocks.locale, 'fr'))));
  const result: ContentMap = {};
  // French rows first, so the asked locale's rows overwrite them where both exist.
  rows.sort((a, b) => Number(a.locale === locale) - Number(b.locale === locale));
  for (const row of rows) {
    result[row.key] = {
      key: row.key,
      type: row.type,
      value: row.value,
      html: renderContentHtml(row.type, row.value),
      updatedAt: row.updatedAt.toISOString(),
    };
  }
  return result;
}
