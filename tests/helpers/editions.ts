import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import { jobs } from '../../src/server/db/schema';
import { makeGuidePdf } from './fixtures';
import { multipartBody } from './multipart';
import type { TestContext } from './test-context';

export const EDITION_JOB_KINDS = ['notify-edition-buyers', 'edition-email'];

/** The publish form as the admin page sends it; `parts` replaces or adds fields. */
export async function editionForm(
  adminKey: string,
  options: { title?: string; fields?: Record<string, string>; pdf?: Buffer | null; companion?: Buffer } = {},
) {
  const fields = {
    changesFr: 'Nouveaux tarifs des visas.',
    changesEn: 'New visa prices.',
    ...options.fields,
  };
  const pdf = options.pdf === undefined ? await makeGuidePdf(options.title ?? 'Edition 2027') : options.pdf;
  const { payload, contentType } = multipartBody([
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    ...(pdf ? [{ name: 'pdfPrimary', fileName: 'guide-2027.pdf', type: 'application/pdf', data: pdf }] : []),
    ...(options.companion
      ? [
          {
            name: 'pdfSecondary',
            fileName: 'checklist-2027.pdf',
            type: 'application/pdf',
            data: options.companion,
          },
        ]
      : []),
  ]);
  return { payload, headers: { 'content-type': contentType, 'x-admin-key': adminKey } };
}

export async function publish(
  ctx: TestContext,
  adminKey: string,
  guideId: string,
  form?: Parameters<typeof editionForm>[1],
) {
  const { payload, headers } = await editionForm(adminKey, form);
  return ctx.app.inject({ method: 'POST', url: `/api/admin/guides/${guideId}/editions`, payload, headers });
}

/** Runs the edition jobs until none is left, bringing each delayed batch forward (the rate is tested on its own). */
export async function drainEditionJobs(ctx: TestContext, db: Db = ctx.db): Promise<void> {
  for (let round = 0; round < 1000; round++) {
    const moved = await db
      .update(jobs)
      .set({ runAfter: sql`now()` })
      .where(sql`${inArray(jobs.kind, EDITION_JOB_KINDS)} and ${jobs.status} = 'pending'`)
      .returning({ id: jobs.id });
    if (moved.length === 0) return;
    await ctx.app.services.jobs.runDueJobs();
  }
  throw new Error('edition jobs never drained');
}
