import { sql } from 'drizzle-orm';
import { ZipFile } from 'yazl';
import type { FileStore } from '../../adapters/storage/file-store';
import type { Db, DbOrTx } from '../../db/client';
import { erasedPeople } from '../../db/schema';
import { recordActivity } from '../activity/activity';
import { enqueueJob } from '../jobs/jobs.service';
import { deleteErasedFile } from './erased-files';
import { dataHolders, rows, type Subject } from './holders';
import { ERASED_EMAIL, normaliseEmail, normalisePhone, type Person, personHash } from './person';

export class NoSuchCustomerError extends Error {}

/** The person named by an email or a phone number, as normalised keys. */
export function personOf(input: { email?: string | undefined; phone?: string | undefined }): Person {
  return {
    email: input.email ? normaliseEmail(input.email) : null,
    phoneDigits: input.phone ? normalisePhone(input.phone) : null,
  };
}

/** The hashes the suppression list keeps for a person: one per address and number. */
export function hashesOf(subject: Subject): string[] {
  return [
    ...subject.emails.map((e) => personHash('email', e)),
    ...subject.phones.map((p) => personHash('phone', p)),
  ];
}

/**
 * Every order placed with the email or the phone number, and every address, number and name those
 * orders carry: a request about an email also reaches the same person's WhatsApp messages.
 */
export async function resolveSubject(db: DbOrTx, person: Person): Promise<Subject> {
  const byEmail = person.email ? sql`lower(email) = ${person.email}` : sql`false`;
  const byPhone =
    person.phoneDigits && person.phoneDigits.length >= 6
      ? sql`regexp_replace(phone_number, '\\D', '', 'g') = ${person.phoneDigits}`
      : sql`false`;
  const found = (await rows(
    db,
    sql`select id::text as id, lower(email) as email, regexp_replace(phone_number, '\\D', '', 'g') as phone,
      first_name, last_name from orders where (${byEmail} or ${byPhone}) and email <> ${ERASED_EMAIL}`,
  )) as { id: string; email: string; phone: string; first_name: string; last_name: string }[];
  const unique = (values: (string | null)[]) => [...new Set(values.filter((v): v is string => Boolean(v)))];
  return {
    orderIds: found.map((r) => r.id),
    emails: unique([person.email, ...found.map((r) => r.email)]),
    phones: unique([person.phoneDigits, ...found.map((r) => r.phone)]),
    names: unique(found.flatMap((r) => [r.first_name, r.last_name, `${r.first_name} ${r.last_name}`])),
  };
}

/** Whether any table holds something about the subject (an unknown customer is refused, 404). */
async function isKnown(db: DbOrTx, subject: Subject): Promise<boolean> {
  if (subject.orderIds.length > 0) return true;
  for (const holder of dataHolders) if ((await holder.collect(db, subject)).length > 0) return true;
  return false;
}

export interface ExportArchive {
  zip: ZipFile;
  fileName: string;
}

/** One ZIP: a JSON file per holder, and the payment-proof images under files/. */
export async function exportPersonData(
  deps: { db: Db; files: FileStore },
  person: Person,
  actor: string,
  now = new Date(),
): Promise<ExportArchive> {
  const subject = await resolveSubject(deps.db, person);
  if (!(await isKnown(deps.db, subject))) throw new NoSuchCustomerError();
  const zip = new ZipFile();
  const summary: Record<string, number> = {};
  for (const holder of dataHolders) {
    const found = await holder.collect(deps.db, subject);
    summary[holder.name] = found.length;
    zip.addBuffer(Buffer.from(JSON.stringify(found, null, 2)), `${holder.name}.json`, { mtime: now });
    if (holder.name !== 'payment-proofs') continue;
    for (const proof of found as { id: string; storage_key: string; original_name: string }[]) {
      const bytes = await deps.files.read(proof.storage_key).catch(() => null);
      if (bytes) zip.addBuffer(bytes, `files/${proof.id}-${safeName(proof.original_name)}`, { mtime: now });
    }
  }
  const about = {
    email: person.email,
    phone: person.phoneDigits,
    exportedAt: now.toISOString(),
    files: summary,
  };
  zip.addBuffer(Buffer.from(JSON.stringify(about, null, 2)), 'about.json', { mtime: now });
  zip.end();
  await recordActivity(deps.db, {
    actor,
    action: 'customer.export',
    subjectType: 'customer',
    subjectId: hashesOf(subject)[0]?.slice(0, 16) ?? null,
    after: { files: summary },
  });
  return { zip, fileName: `customer-data-${now.toISOString().slice(0, 10)}.zip` };
}

const safeName = (name: string) => name.replace(/[^\w.-]+/g, '_').slice(-80) || 'file';

/**
 * Erases the person everywhere in one transaction, adds their hashes to the suppression list and logs
 * who did it (counts only); the files go after commit, and a failed deletion is retried as a job.
 */
export async function erasePersonData(
  deps: { db: Db; files: FileStore },
  person: Person,
  actor: string,
): Promise<{ orders: number; files: number }> {
  const { keys, orders } = await deps.db.transaction(async (tx) => {
    const subject = await resolveSubject(tx, person);
    if (!(await isKnown(tx, subject))) throw new NoSuchCustomerError();
    const keys: string[] = [];
    for (const holder of dataHolders) keys.push(...(await holder.erase(tx, subject)));
    const hashes = hashesOf(subject);
    if (hashes.length > 0) {
      await tx
        .insert(erasedPeople)
        .values(hashes.map((hash) => ({ hash })))
        .onConflictDoUpdate({ target: erasedPeople.hash, set: { erasedAt: sql`now()` } });
    }
    for (const key of keys) {
      // Written with the erasure: if this process dies before the file is gone, the job removes it.
      const runAfter = new Date(Date.now() + 60_000);
      await enqueueJob(
        tx,
        deleteErasedFile.input({ key }, { dedupeKey: `${deleteErasedFile.kind}:${key}`, runAfter }),
      );
    }
    await recordActivity(tx, {
      actor,
      action: 'customer.erase',
      subjectType: 'customer',
      subjectId: hashes[0]?.slice(0, 16) ?? null,
      after: { orders: subject.orderIds.length, files: keys.length },
    });
    return { keys, orders: subject.orderIds.length };
  });
  for (const key of keys) await deps.files.delete(key).catch(() => undefined);
  return { orders, files: keys.length };
}
