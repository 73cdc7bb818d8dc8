import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { ERASED_EMAIL, ERASED_TEXT } from './person';

/** Whom a request is about, resolved: the orders found, and every address and number they carry. */
export interface Subject {
  orderIds: string[];
  /** Lower-cased emails. */
  emails: string[];
  /** Digits only. */
  phones: string[];
  /** First and last names from the orders, for free-text columns (notes, activity). */
  names: string[];
}

/** What one table (or group of tables) holds about a person: exported as one JSON file, erased in one go. */
export interface DataHolder {
  /** The JSON file's name in the export, without `.json`. */
  name: string;
  collect(db: DbOrTx, subject: Subject): Promise<unknown[]>;
  /** Erases or replaces, inside the erasure's transaction; returns file-store keys to delete after commit. */
  erase(tx: DbOrTx, subject: Subject): Promise<string[]>;
}

const ids = (values: string[]) =>
  sql`array[${sql.join(values.length ? values.map((v) => sql`${v}`) : [sql`''`], sql`, `)}]::text[]`;
const orderIn = (column: SQL, subject: Subject) => sql`${column}::text = any(${ids(subject.orderIds)})`;
/** A JSON or text column that mentions any of the person's addresses, numbers or names. */
const mentions = (column: SQL, subject: Subject) => {
  const needles = [...subject.emails, ...subject.phones, ...subject.names].filter((v) => v.length >= 3);
  if (needles.length === 0) return sql`false`;
  return sql`(${sql.join(
    needles.map((n) => sql`strpos(lower(${column}::text), lower(${n})) > 0`),
    sql` or `,
  )})`;
};
export const rows = async (db: DbOrTx, query: SQL) =>
  ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

const ordersHolder: DataHolder = {
  name: 'orders',
  collect: (db, s) =>
    rows(
      db,
      sql`select o.*, (select coalesce(json_agg(i.*), '[]') from order_items i where i.order_id = o.id) as lines,
        (select v.number from invoices v where v.order_id = o.id) as invoice_number,
        (select coalesce(json_agg(c.number), '[]') from credit_notes c join invoices v on v.id = c.invoice_id
          where v.order_id = o.id) as credit_note_numbers
        from orders o where ${orderIn(sql`o.id`, s)} order by o.created_at`,
    ),
  async erase(tx, s) {
    await tx.execute(sql`update orders set email = ${ERASED_EMAIL}, first_name = ${ERASED_TEXT}, last_name = '',
      phone_number = '', origin = null, claim_key_hash = null, buyer_business_name = null, buyer_tax_id = null,
      whatsapp_opt_in = false, updated_at = now() where ${orderIn(sql`id`, s)}`);
    return [];
  },
};

/** The order's timeline: downloads, emails changed, notes. Events that mention the person lose their data. */
const orderEventsHolder: DataHolder = {
  name: 'order-events',
  collect: (db, s) =>
    rows(db, sql`select * from order_events where ${orderIn(sql`order_id`, s)} order by created_at`),
  async erase(tx, s) {
    await tx.execute(
      sql`update order_events set data = '{}'::jsonb where ${orderIn(sql`order_id`, s)} and ${mentions(sql`data`, s)}`,
    );
    return [];
  },
};

/** Issued invoices and credit notes keep what the law asks (docs/decisions/045-erasure-keeps-invoice-fields.md). */
const invoicesHolder: DataHolder = {
  name: 'invoices',
  collect: (db, s) =>
    rows(
      db,
      sql`select 'invoice' as type, v.number, v.issued_at, v.document from invoices v where ${orderIn(sql`v.order_id`, s)}
        union all select 'credit-note', c.number, c.issued_at, c.document from credit_notes c
        join invoices v on v.id = c.invoice_id where ${orderIn(sql`v.order_id`, s)}`,
    ),
  async erase(tx, s) {
    const email = sql`jsonb_set(document, '{buyer,email}', '""'::jsonb)`;
    await tx.execute(sql`update invoices set document = ${email} where ${orderIn(sql`order_id`, s)}
      and document ? 'buyer'`);
    await tx.execute(sql`update credit_notes c set document = jsonb_set(c.document, '{buyer,email}', '""'::jsonb)
      from invoices v where v.id = c.invoice_id and ${orderIn(sql`v.order_id`, s)} and c.document ? 'buyer'`);
    return [];
  },
};

const emailsHolder: DataHolder = {
  name: 'emails',
  collect: (db, s) =>
    rows(
      db,
      sql`select * from email_log where ${orderIn(sql`order_id`, s)} or lower(to_email) = any(${ids(s.emails)})
        order by created_at`,
    ),
  async erase(tx, s) {
    await tx.execute(sql`update email_log set to_email = ${ERASED_EMAIL}, subject = ${ERASED_TEXT}, last_error = null
      where ${orderIn(sql`order_id`, s)} or lower(to_email) = any(${ids(s.emails)})`);
    return [];
  },
};

/** Queued work (emails to send, copies to stamp) naming the person or their orders: not sent, removed. */
const jobsHolder: DataHolder = {
  name: 'jobs',
  collect: (db, s) =>
    rows(
      db,
      sql`select id, kind, status, attempts, created_at, finished_at, payload from jobs
        where ${mentions(sql`payload`, s)} or ${mentions(sql`payload`, { ...s, emails: s.orderIds, phones: [], names: [] })}`,
    ),
  async erase(tx, s) {
    await tx.execute(sql`delete from jobs where status <> 'running' and (${mentions(sql`payload`, s)}
      or ${mentions(sql`payload`, { ...s, emails: s.orderIds, phones: [], names: [] })})`);
    return [];
  },
};

const whatsappHolder: DataHolder = {
  name: 'whatsapp-messages',
  collect: (db, s) =>
    rows(
      db,
      sql`select * from whatsapp_messages where ${orderIn(sql`order_id`, s)} or to_number = any(${ids(s.phones)})
        order by created_at`,
    ),
  async erase(tx, s) {
    await tx.execute(sql`update whatsapp_messages set to_number = '', last_error = null, updated_at = now()
      where ${orderIn(sql`order_id`, s)} or to_number = any(${ids(s.phones)})`);
    return [];
  },
};

/** Stored files removed with their rows; the keys are returned for deletion after commit. */
async function deleteStoredFiles(tx: DbOrTx, fileIds: string[]): Promise<string[]> {
  if (fileIds.length === 0) return [];
  const deleted = await rows(
    tx,
    sql`delete from stored_files where id::text = any(${ids(fileIds)}) returning storage_key`,
  );
  return deleted.map((r) => String(r.storage_key));
}

/** The mobile-money payment proofs, exported as files too, and deleted from storage on erasure. */
const proofsHolder: DataHolder = {
  name: 'payment-proofs',
  collect: (db, s) =>
    rows(
      db,
      sql`select r.id, r.order_id, r.provider, r.created_at, f.storage_key, f.original_name, f.content_type, f.size
        from payment_proofs r join stored_files f on f.id = r.file_id where ${orderIn(sql`r.order_id`, s)}`,
    ),
  async erase(tx, s) {
    const proofs = await rows(
      tx,
      sql`delete from payment_proofs where ${orderIn(sql`order_id`, s)} returning file_id`,
    );
    return deleteStoredFiles(
      tx,
      proofs.map((r) => String(r.file_id)),
    );
  },
};

/**
 * Downloads: each guide file the buyer opened has its stamped copy (made at the first download),
 * which prints the buyer's name and email; erased, a later download of a new order stamps afresh.
 */
const downloadsHolder: DataHolder = {
  name: 'downloads',
  collect: (db, s) =>
    rows(
      db,
      sql`select i.order_id, i.title, c.created_at as first_downloaded_at from stamped_copies c
        join order_items i on i.id = c.order_item_id where ${orderIn(sql`i.order_id`, s)} order by c.created_at`,
    ),
  async erase(tx, s) {
    const copies = await rows(
      tx,
      sql`delete from stamped_copies c using order_items i where i.id = c.order_item_id
        and ${orderIn(sql`i.order_id`, s)} returning c.file_id`,
    );
    return deleteStoredFiles(
      tx,
      copies.map((r) => String(r.file_id)),
    );
  },
};

/** Reviews are removed, not anonymised (docs/features/data-rights.md): their text is the person's own words. */
const reviewsHolder: DataHolder = {
  name: 'reviews',
  collect: (db, s) =>
    rows(
      db,
      sql`select * from guide_reviews where ${orderIn(sql`order_id`, s)} or buyer_email = any(${ids(s.emails)})`,
    ),
  async erase(tx, s) {
    await tx.execute(
      sql`delete from guide_reviews where ${orderIn(sql`order_id`, s)} or buyer_email = any(${ids(s.emails)})`,
    );
    return [];
  },
};

const libraryHolder: DataHolder = {
  name: 'library',
  collect: (db, s) =>
    rows(
      db,
      sql`select 'sign-in' as type, id, email, created_at, expires_at, used_at, null as revoked_at
          from library_sign_ins where email = any(${ids(s.emails)})
        union all select 'session', id, email, created_at, expires_at, null, revoked_at
          from library_sessions where email = any(${ids(s.emails)})`,
    ),
  async erase(tx, s) {
    await tx.execute(sql`delete from library_sign_ins where email = any(${ids(s.emails)})`);
    await tx.execute(sql`delete from library_sessions where email = any(${ids(s.emails)})`);
    return [];
  },
};

/** Analytics events that carry one of the person's orders (a purchase event's meta) lose that meta. */
const analyticsHolder: DataHolder = {
  name: 'analytics',
  collect: (db, s) => rows(db, sql`select * from analytics_events where ${mentions(sql`meta`, s)}`),
  async erase(tx, s) {
    await tx.execute(sql`update analytics_events set meta = null where ${mentions(sql`meta`, s)}`);
    return [];
  },
};

/** The operator's log lines about the person: exported; their before and after values dropped on erasure. */
const activityHolder: DataHolder = {
  name: 'activity',
  collect: (db, s) =>
    rows(
      db,
      sql`select * from admin_activity where ${orderIn(sql`subject_id`, s)} or ${mentions(sql`before`, s)}
        or ${mentions(sql`after`, s)} order by created_at`,
    ),
  async erase(tx, s) {
    await tx.execute(sql`update admin_activity set before = null, after = null
      where ${mentions(sql`before`, s)} or ${mentions(sql`after`, s)}`);
    return [];
  },
};

/** News consents given or withdrawn at checkout or by unsubscribing: exported, then deleted (the suppression list stays). */
const consentsHolder: DataHolder = {
  name: 'consents',
  collect: (db, s) =>
    rows(db, sql`select * from marketing_consents where ${consentOf(s)} order by created_at`),
  async erase(tx, s) {
    await tx.execute(sql`delete from marketing_consents where ${consentOf(s)}`);
    return [];
  },
};
const consentOf = (s: Subject) =>
  sql`(${orderIn(sql`order_id`, s)} or lower(email) = any(${ids(s.emails)})
    or regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g') = any(${ids(s.phones)}))`;

/**
 * Every table that holds something about a buyer, in one place: the export writes one JSON file per
 * entry and the erasure runs every entry in one transaction. A new table is one more entry here.
 */
export const dataHolders: DataHolder[] = [
  ordersHolder,
  orderEventsHolder,
  invoicesHolder,
  emailsHolder,
  jobsHolder,
  whatsappHolder,
  proofsHolder,
  downloadsHolder,
  reviewsHolder,
  libraryHolder,
  analyticsHolder,
  activityHolder,
  consentsHolder,
];
