import { sql } from 'drizzle-orm';
import type { FileStore } from '../../adapters/storage/file-store';
import type { Db, DbOrTx } from '../../db/client';
import { appSettings } from '../../db/schema';
import { enqueueJob } from '../jobs/jobs.service';
import { emptyPayload, jobKind } from '../jobs/registry';
import { deleteErasedFile } from './erased-files';
import { rows } from './holders';

/** How long the shop keeps what it no longer needs (docs/features/data-rights.md), in app_settings. */
export interface RetentionSettings {
  /** Payment-proof images, counted from the operator's decision (validated or rejected). */
  proofMonths: number;
  /** Library sign-in rows and sessions, counted from their expiry. */
  libraryDays: number;
  /** Raw analytics events; the dashboard reads the daily aggregates, kept. */
  analyticsDays: number;
}

export const RETENTION_DEFAULTS: RetentionSettings = { proofMonths: 12, libraryDays: 30, analyticsDays: 400 };
const KEYS: Record<keyof RetentionSettings, string> = {
  proofMonths: 'retention.proof_months',
  libraryDays: 'retention.library_days',
  analyticsDays: 'retention.analytics_days',
};

export async function readRetentionSettings(db: DbOrTx): Promise<RetentionSettings> {
  const stored = await db.select().from(appSettings).where(sql`${appSettings.key} like 'retention.%'`);
  const settings = { ...RETENTION_DEFAULTS };
  for (const name of Object.keys(KEYS) as (keyof RetentionSettings)[]) {
    const value = Number(stored.find((row) => row.key === KEYS[name])?.value);
    if (Number.isInteger(value) && value > 0) settings[name] = value;
  }
  return settings;
}

export async function saveRetentionSettings(db: Db, settings: RetentionSettings): Promise<RetentionSettings> {
  await db.transaction(async (tx) => {
    for (const name of Object.keys(KEYS) as (keyof RetentionSettings)[]) {
      const value = String(settings[name]);
      await tx
        .insert(appSettings)
        .values({ key: KEYS[name], value })
        .onConflictDoUpdate({ target: appSettings.key, set: { value } });
    }
  });
  return readRetentionSettings(db);
}

export interface RetentionRun {
  proofs: number;
  librarySignIns: number;
  librarySessions: number;
  analyticsEvents: number;
}

/**
 * One pass of every retention rule. Each is a plain delete of rows past their date: running it twice,
 * or on two instances at once, deletes each row once (the second finds nothing). Proof files are
 * deleted by their own job after commit, retried until gone.
 */
export async function applyRetention(
  deps: { db: Db; files: FileStore },
  now = new Date(),
): Promise<RetentionRun> {
  const settings = await readRetentionSettings(deps.db);
  const at = now.toISOString();
  return deps.db.transaction(async (tx) => {
    const proofs = await rows(
      tx,
      sql`delete from payment_proofs r using orders o where o.id = r.order_id
        and coalesce(o.completed_at, o.rejected_at) < ${at}::timestamptz - make_interval(months => ${settings.proofMonths})
        returning r.file_id`,
    );
    const keys =
      proofs.length === 0
        ? []
        : await rows(
            tx,
            sql`delete from stored_files where id::text = any(array[${sql.join(
              proofs.map((p) => sql`${String(p.file_id)}`),
              sql`, `,
            )}]::text[]) returning storage_key`,
          );
    for (const { storage_key } of keys) {
      const key = String(storage_key);
      await enqueueJob(tx, deleteErasedFile.input({ key }, { dedupeKey: `${deleteErasedFile.kind}:${key}` }));
    }
    const cutoffLibrary = sql`${at}::timestamptz - make_interval(days => ${settings.libraryDays})`;
    const signIns = await rows(
      tx,
      sql`delete from library_sign_ins where coalesce(expires_at, created_at) < ${cutoffLibrary} returning id`,
    );
    const sessions = await rows(
      tx,
      sql`delete from library_sessions where least(expires_at, coalesce(revoked_at, expires_at)) < ${cutoffLibrary}
        returning id`,
    );
    const events = await rows(
      tx,
      sql`delete from analytics_events
        where created_at < ${at}::timestamptz - make_interval(days => ${settings.analyticsDays}) returning id`,
    );
    return {
      proofs: proofs.length,
      librarySignIns: signIns.length,
      librarySessions: sessions.length,
      analyticsEvents: events.length,
    };
  });
}

/** The daily retention pass: one job per UTC day (deduplicated), which queues the next day's. */
export const retentionPass = jobKind('data-retention', emptyPayload);

export function retentionJobFor(day: Date) {
  const next = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() + 1, 3));
  return retentionPass.input(
    {},
    { dedupeKey: `${retentionPass.kind}:${next.toISOString().slice(0, 10)}`, runAfter: next },
  );
}

export const retentionSettingKey = (name: keyof RetentionSettings) => KEYS[name];
