import { and, desc, eq, sql } from 'drizzle-orm';
import { PROOF_MAX_BYTES, proofMessages, VERIFICATION_HOURS } from '../../../shared/contracts/mobile-money';
import type { Db, DbOrTx } from '../../db/client';
import { jobs, orders, paymentProofs, storedFiles } from '../../db/schema';
import { conflict, invalid, notFound } from '../../domain/errors';
import { recordActivity } from '../activity/activity';
import { keepHoldUntilDecided } from '../discounts/discount-holds';
import { type StoredFile, storeFile } from '../files/files.service';
import { pdfToWebp } from '../files/pdf-to-image';
import {
  cleanFileName,
  detectedMime,
  type FileRule,
  reencodeImage,
  type UploadedFile,
} from '../files/uploads';
import { enqueueJob } from '../jobs/jobs.service';
import { completeOrder, isClosed, rejectOrder } from '../orders/order-lifecycle';
import type { OrderRow } from '../orders/orders.service';
import {
  decidedConflict,
  findMobileMoneyOrder,
  findMobileMoneyOrderByPublicId,
  type MobileMoneyDeps,
  UUID,
} from './mobile-money.service';
import {
  MOBILE_MONEY_EMAIL_JOB,
  type MobileMoneyEmailKind,
  mobileMoneyEmailJob,
  rejectionEmailJob,
} from './mobile-money-email-job';
import { type ProofDecision, proofAction } from './proof-payment';

/**
 * Mobile money by payment proof: the shopper's payment proof, kept privately, and the operator's decision on it
 * (the payment proof provider's notification, proof-payment.ts).
 */
export const proofRule: FileRule = { maxBytes: PROOF_MAX_BYTES, tooLarge: proofMessages.tooLarge };

/** Payment proofs one order keeps: enough for a retake or two, not a free disk. */
export const PROOFS_PER_ORDER = 5;
/** However many payment proofs arrive, the shopper and the operator hear of an order at most this often. */
const PROOF_EMAIL_INTERVAL = sql.raw(`interval '10 minutes'`);

const tooManyProofs = () =>
  conflict(
    `This order already has ${PROOFS_PER_ORDER} receipts: we will check them within ${VERIFICATION_HOURS} hours. Contact us if the payment needs another one.`,
    { code: 'receipt_limit' },
  );

const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);

/** Normalises the form's provider: one of the configured wallets, or the generic 'mobile_money'. */
export function proofProvider(value: string | undefined, providers: string[]): string {
  const given = (value ?? '').trim();
  if (given === '' || given.toLowerCase() === 'mobile_money') return 'mobile_money';
  const match = providers.find((p) => p.toLowerCase() === given.toLowerCase());
  if (!match) throw invalid(`provider: must be mobile_money or one of ${providers.join(', ')}`);
  return match;
}

/**
 * The bytes to keep: images re-encoded, PDFs rendered to an image of their first pages
 * (decision 015). Either way only pixels are kept, never what the sender's file could carry or run.
 */
async function proofContent(file: UploadedFile): Promise<{ data: Buffer; contentType: string }> {
  const mime = await detectedMime(file.data);
  if (mime && IMAGE_TYPES.has(mime)) {
    const data = await reencodeImage(file.data, {
      accepted: IMAGE_TYPES,
      refusal: proofMessages.invalidType,
    });
    return { data, contentType: 'image/webp' };
  }
  if (mime === 'application/pdf') {
    return {
      data: await pdfToWebp(file.data, { refusal: proofMessages.invalidType }),
      contentType: 'image/webp',
    };
  }
  throw invalid(proofMessages.invalidType);
}

/**
 * A payment proof for a pending mobile-money order, sent by whoever holds the order's public id. It is
 * stored privately beside any earlier one, the order waits for verification, and the shopper and
 * the operator are emailed through the outbox. Nothing is kept when any step fails.
 */
export async function acceptProof(
  deps: MobileMoneyDeps,
  publicId: string,
  /** Reads the body, once the order is known to take a payment proof: nobody streams 5 MB for a 404. */
  readUpload: () => Promise<{ file: UploadedFile | undefined; provider: string | undefined }>,
): Promise<void> {
  const order = await findMobileMoneyOrderByPublicId(deps.db, publicId);
  if (isClosed(order.status)) throw decidedConflict(order);
  // Checked again under the row lock below; this one saves reading 5 MB for nothing.
  if ((await countProofs(deps.db, order.id)) >= PROOFS_PER_ORDER) throw tooManyProofs();
  const upload = await readUpload();
  if (!upload.file) throw invalid(proofMessages.missing);
  const provider = proofProvider(upload.provider, deps.config.mobileMoney.providers);
  const content = await proofContent(upload.file);
  const baseName = cleanFileName(upload.file.fileName, 'receipt').replace(/\.[A-Za-z0-9]{1,5}$/, '');
  let stored: StoredFile | undefined;
  try {
    await deps.db.transaction(async (tx) => {
      // The row lock orders this after a validation or rejection running at the same moment.
      const [current] = await tx
        .select({ status: orders.status })
        .from(orders)
        .where(eq(orders.id, order.id))
        .for('update');
      if (!current || isClosed(current.status)) throw decidedConflict(current ?? order);
      if ((await countProofs(tx, order.id)) >= PROOFS_PER_ORDER) throw tooManyProofs();
      stored = await storeFile(
        { db: tx, files: deps.files },
        {
          purpose: 'receipt',
          data: content.data,
          contentType: content.contentType,
          originalName: `${baseName || 'receipt'}.webp`,
        },
      );
      const [proof] = await tx
        .insert(paymentProofs)
        .values({ orderId: order.id, fileId: stored.id, provider })
        .returning({ id: paymentProofs.id });
      await tx
        .update(orders)
        .set({
          status: 'pending_verification',
          paymentProvider: provider === 'mobile_money' ? (order.paymentProvider ?? null) : provider,
          updatedAt: sql`now()`,
        })
        .where(eq(orders.id, order.id));
      // The buyer says they paid: the code's use stays theirs until the operator decides.
      await keepHoldUntilDecided(tx, order.id);
      for (const kind of ['receipt-received', 'operator-receipt-notice'] as const) {
        if (!(await emailedRecently(tx, kind, order.id))) {
          await enqueueJob(tx, mobileMoneyEmailJob(kind, order.id, proof!.id));
        }
      }
    });
  } catch (error) {
    // The transaction took the stored_files row back with it; the bytes go too.
    if (stored) await deps.files.delete(stored.storageKey).catch(() => {});
    throw error;
  }
}

const countProofs = async (db: DbOrTx, orderId: string): Promise<number> =>
  (
    await db
      .select({ n: sql<number>`count(*)::int` })
      .from(paymentProofs)
      .where(eq(paymentProofs.orderId, orderId))
  )[0]?.n ?? 0;

/** Whether this email about this order was queued within PROOF_EMAIL_INTERVAL (under the order's row lock, so no race). */
async function emailedRecently(tx: DbOrTx, kind: MobileMoneyEmailKind, orderId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        eq(jobs.kind, MOBILE_MONEY_EMAIL_JOB),
        sql`${jobs.payload}->>'kind' = ${kind}`,
        sql`${jobs.payload}->>'orderId' = ${orderId}`,
        sql`${jobs.createdAt} > now() - ${PROOF_EMAIL_INTERVAL}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * The operator's decision on a pending mobile-money order. One UPDATE guarded by the status makes
 * the decision once: of two racing validations, one wins and the other gets a 409. Validation
 * queues the same delivery job as a card order, in the same transaction.
 */
export async function decideOrder(
  db: Db,
  actor: string,
  id: string,
  decision: ProofDecision,
): Promise<OrderRow> {
  const order = await findMobileMoneyOrder(db, 'id', id);
  const action = proofAction({ orderId: order.id, decision });
  const decided = await db.transaction(async (tx) => {
    const row =
      action.action === 'complete'
        ? await completeOrder(tx, action.ref, { verifiedBy: action.verifiedBy ?? 'operator' })
        : await rejectOrder(tx, order.id);
    if (!row) return undefined;
    const reason = decision.kind === 'reject' ? decision.reason : undefined;
    if (action.action !== 'complete') await enqueueJob(tx, rejectionEmailJob(row.id, reason));
    await recordActivity(tx, {
      actor,
      action: action.action === 'complete' ? 'order.validate' : 'order.reject',
      subjectType: 'order',
      subjectId: row.id,
      before: { orderNumber: order.orderNumber, status: order.status },
      after: {
        orderNumber: row.orderNumber,
        status: row.status,
        verifiedBy: row.verifiedBy,
        ...(reason ? { reason } : {}),
      },
    });
    return row;
  });
  if (decided) return decided;
  const [now] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id));
  throw decidedConflict(now ?? order);
}

/** The latest payment proof of an order, for the admin; never served under a public URL. */
export async function findLatestProof(db: Db, orderId: string): Promise<StoredFile> {
  if (!UUID.test(orderId)) throw notFound('Receipt not found');
  const [row] = await db
    .select({ file: storedFiles })
    .from(paymentProofs)
    .innerJoin(storedFiles, eq(storedFiles.id, paymentProofs.fileId))
    .where(eq(paymentProofs.orderId, orderId))
    .orderBy(desc(paymentProofs.createdAt), desc(paymentProofs.id))
    .limit(1);
  if (!row) throw notFound('Receipt not found');
  return row.file;
}
