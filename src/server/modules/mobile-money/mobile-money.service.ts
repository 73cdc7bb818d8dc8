import { randomInt } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  CreateMobileMoneyOrderResponse,
  createMobileMoneyOrderBodySchema,
} from '../../../shared/contracts/mobile-money';
import {
  RECEIPT_MAX_BYTES,
  receiptMessages,
  VERIFICATION_HOURS,
} from '../../../shared/contracts/mobile-money';
import { centsToDecimal, centsToFcfa, toCents } from '../../../shared/money';
import { METHOD } from '../../../shared/payment-methods';
import type { FileStore } from '../../adapters/storage/file-store';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { jobs, orders, paymentReceipts, storedFiles } from '../../db/schema';
import { badRequest, conflict, type HttpError, notFound } from '../../http/errors';
import { type StoredFile, storeFile } from '../files/files.service';
import { pdfToWebp } from '../files/pdf-to-image';
import {
  cleanFileName,
  detectedMime,
  type FileRule,
  reencodeImage,
  type UploadedFile,
} from '../files/uploads';
import { type DbOrTx, enqueueJob } from '../jobs/jobs.service';
import { refuseBeyondDailyOrders } from '../orders/daily-order-limit';
import { hashClaimKey, holdsClaimKey, ORDER_NUMBER_ALPHABET, PUBLIC_ID_PATTERN } from '../orders/order-ids';
import { completeOrder, findRepeatedOrder, isClosed, rejectOrder } from '../orders/order-lifecycle';
import { createOrder, type OrderRow, TotalMismatchError } from '../orders/orders.service';
import {
  MOBILE_MONEY_EMAIL_JOB,
  type MobileMoneyEmailKind,
  mobileMoneyEmailJob,
} from './mobile-money-email-job';
import { expirySweepJob } from './mobile-money-expiry';
import { paymentInstructionJobs } from './payment-instructions';
import { type ReceiptDecision, receiptAction, receiptPayment } from './receipt-payment';

export interface MobileMoneyDeps {
  db: Db;
  files: FileStore;
  config: Pick<Config, 'mobileMoney' | 'limits'> & Partial<Pick<Config, 'cinetpay'>>;
}

export const receiptRule: FileRule = { maxBytes: RECEIPT_MAX_BYTES, tooLarge: receiptMessages.tooLarge };

/** Receipts one order keeps (issue 15 §3): enough for a retake or two, not a free disk. */
export const RECEIPTS_PER_ORDER = 5;
/** However many receipts arrive, the shopper and the operator hear of an order at most this often. */
const RECEIPT_EMAIL_INTERVAL = sql.raw(`interval '10 minutes'`);

const tooManyReceipts = () =>
  conflict(
    `This order already has ${RECEIPTS_PER_ORDER} receipts: we will check them within ${VERIFICATION_HOURS} hours. Contact us if the payment needs another one.`,
    'receipt_limit',
  );

const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const euros = (cents: number) => `${centsToDecimal(cents)} €`;

/**
 * "MM7K3M9QXZ": typed by hand into a wallet app, so short, upper case, no 0/O or 1/I/L.
 * It only matches a payment to its order; the order's public id is what grants access.
 * 31^8 ≈ 8.5 × 10^11 values, and a clash with an existing one is retried.
 */
export function generateMobileMoneyReference(): string {
  let code = '';
  for (let i = 0; i < 8; i++) code += ORDER_NUMBER_ALPHABET[randomInt(ORDER_NUMBER_ALPHABET.length)];
  return `MM${code}`;
}

/**
 * A mobile-money order: priced from the database, pending until the operator sees the money,
 * with a reference for the wallet. The same shopper submitting the same cart again within
 * minutes (a double tap) gets the first order back, if the request carries the claim key the order
 * was placed with; otherwise (`response` undefined) it only learns that the order exists.
 */
export async function placeMobileMoneyOrder(
  deps: MobileMoneyDeps,
  body: z.infer<typeof createMobileMoneyOrderBodySchema>,
  origin?: string,
): Promise<{ response: CreateMobileMoneyOrderResponse | undefined; created: boolean }> {
  const customer = {
    email: body.email,
    firstName: body.firstName,
    lastName: body.lastName,
    mobile: body.mobile,
  };
  const claimed = toCents(body.total);
  if (claimed === 0) throw badRequest('This cart is free: place it as a free order, no payment is needed');
  let placed: Awaited<ReturnType<typeof createOrder>>;
  try {
    placed = await createOrder(deps.db, {
      paymentMethod: METHOD.mobileMoney,
      customer,
      locale: body.locale,
      lines: body.items,
      paidCents: claimed,
      mobileMoneyReference: generateMobileMoneyReference,
      claimKeyHash: body.claimKey ? hashClaimKey(body.claimKey) : undefined,
      origin,
      findRepeat: async (tx) => {
        const repeat = await findRepeatedOrder(tx, METHOD.mobileMoney, {
          customer,
          lines: body.items,
          onlyPending: true,
        });
        if (!repeat) {
          const max = deps.config.limits.mobileMoneyOrdersPerEmailPerDay;
          await refuseBeyondDailyOrders(tx, {
            method: METHOD.mobileMoney,
            email: customer.email,
            max,
            refusal: `email: this address already placed ${max} mobile-money orders today. Please pay one of them, or try again tomorrow.`,
          });
        }
        return repeat;
      },
    });
  } catch (error) {
    if (error instanceof TotalMismatchError) {
      throw badRequest(
        `total: ${euros(error.paidCents)} does not match the cart's total at current prices, ${euros(error.currentCents)}`,
      );
    }
    throw error;
  }
  const { order } = placed;
  // Outside the order's transaction: should this insert be lost, the sweep of any later order
  // expires this one too (a sweep expires every order that is due).
  if (placed.created) {
    const expiryHours = deps.config.mobileMoney.expiryHours;
    await enqueueJob(deps.db, expirySweepJob(order.createdAt, expiryHours));
    // How to pay, by email at once and as reminders (issue 17 §6): a closed tab loses nothing.
    for (const job of paymentInstructionJobs(order, expiryHours)) await enqueueJob(deps.db, job);
  }
  if (!placed.created && !holdsClaimKey(order, body.claimKey)) return { created: false, response: undefined };
  const totalCents = toCents(order.total);
  const reference = order.mobileMoneyReference ?? '';
  return {
    created: placed.created,
    response: {
      order: {
        id: order.publicId,
        orderNumber: order.orderNumber,
        djamoReference: reference,
        total: order.total,
        totalXof: centsToFcfa(totalCents),
        email: order.email,
        firstName: order.firstName,
        lastName: order.lastName,
        status: order.status,
      },
      ...(await receiptPayment({ db: deps.db, config: deps.config.mobileMoney }).start({
        reference,
        totalCents,
      })),
      verificationHours: VERIFICATION_HOURS,
      // Offered only when the provider's keys are set; otherwise the receipt flow is all there is.
      automaticPayment: deps.config.cinetpay
        ? {
            provider: 'cinetpay' as const,
            checkoutUrl: `/api/orders/${encodeURIComponent(order.publicId)}/mobile-money/checkout`,
            statusUrl: `/api/orders/${encodeURIComponent(order.publicId)}/mobile-money/status`,
          }
        : null,
    },
  };
}

export async function findMobileMoneyOrderByPublicId(db: Db, publicId: string): Promise<OrderRow> {
  const order = PUBLIC_ID_PATTERN.test(publicId)
    ? (await db.select().from(orders).where(eq(orders.publicId, publicId)).limit(1))[0]
    : undefined;
  if (!order) throw notFound('Order not found');
  if (order.paymentMethod !== METHOD.mobileMoney) throw badRequest('This order is not paid by mobile money');
  return order;
}

export function decidedConflict(order: Pick<OrderRow, 'status'>): HttpError {
  if (order.status === 'completed')
    return conflict('This order was already validated: its guides have been sent.');
  if (order.status === 'expired') {
    return conflict('This order expired: no payment arrived in time. Please place a new order.');
  }
  return conflict('This order was already rejected.');
}

/** Normalises the form's provider: one of the configured wallets, or the generic 'mobile_money'. */
export function receiptProvider(value: string | undefined, providers: string[]): string {
  const given = (value ?? '').trim();
  if (given === '' || given.toLowerCase() === 'mobile_money') return 'mobile_money';
  const match = providers.find((p) => p.toLowerCase() === given.toLowerCase());
  if (!match) throw badRequest(`provider: must be mobile_money or one of ${providers.join(', ')}`);
  return match;
}

/**
 * The bytes to keep: images re-encoded, PDFs rendered to an image of their first pages (issue 15
 * §3). Either way only pixels are kept, never what the sender's file could carry or run.
 */
async function receiptContent(file: UploadedFile): Promise<{ data: Buffer; contentType: string }> {
  const mime = await detectedMime(file.data);
  if (mime && IMAGE_TYPES.has(mime)) {
    const data = await reencodeImage(file.data, {
      accepted: IMAGE_TYPES,
      refusal: receiptMessages.invalidType,
    });
    return { data, contentType: 'image/webp' };
  }
  if (mime === 'application/pdf') {
    return {
      data: await pdfToWebp(file.data, { refusal: receiptMessages.invalidType }),
      contentType: 'image/webp',
    };
  }
  throw badRequest(receiptMessages.invalidType);
}

/**
 * A receipt for a pending mobile-money order, sent by whoever holds the order's public id. It is
 * stored privately beside any earlier one, the order waits for verification, and the shopper and
 * the operator are emailed through the outbox. Nothing is kept when any step fails.
 */
export async function acceptReceipt(
  deps: MobileMoneyDeps,
  publicId: string,
  /** Reads the body, once the order is known to take a receipt: nobody streams 5 MB for a 404. */
  readUpload: () => Promise<{ file: UploadedFile | undefined; provider: string | undefined }>,
): Promise<void> {
  const order = await findMobileMoneyOrderByPublicId(deps.db, publicId);
  if (isClosed(order.status)) throw decidedConflict(order);
  // Checked again under the row lock below; this one saves reading 5 MB for nothing.
  if ((await countReceipts(deps.db, order.id)) >= RECEIPTS_PER_ORDER) throw tooManyReceipts();
  const upload = await readUpload();
  if (!upload.file) throw badRequest(receiptMessages.missing);
  const provider = receiptProvider(upload.provider, deps.config.mobileMoney.providers);
  const content = await receiptContent(upload.file);
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
      if ((await countReceipts(tx, order.id)) >= RECEIPTS_PER_ORDER) throw tooManyReceipts();
      stored = await storeFile(
        { db: tx, files: deps.files },
        {
          purpose: 'receipt',
          data: content.data,
          contentType: content.contentType,
          originalName: `${baseName || 'receipt'}.webp`,
        },
      );
      const [receipt] = await tx
        .insert(paymentReceipts)
        .values({ orderId: order.id, fileId: stored.id, provider })
        .returning({ id: paymentReceipts.id });
      await tx
        .update(orders)
        .set({
          status: 'pending_verification',
          paymentProvider: provider === 'mobile_money' ? (order.paymentProvider ?? null) : provider,
          updatedAt: sql`now()`,
        })
        .where(eq(orders.id, order.id));
      for (const kind of ['receipt-received', 'operator-receipt-notice'] as const) {
        if (!(await emailedRecently(tx, kind, order.id))) {
          await enqueueJob(tx, mobileMoneyEmailJob(kind, order.id, receipt!.id));
        }
      }
    });
  } catch (error) {
    // The transaction took the stored_files row back with it; the bytes go too.
    if (stored) await deps.files.delete(stored.storageKey).catch(() => {});
    throw error;
  }
}

const countReceipts = async (db: DbOrTx, orderId: string): Promise<number> =>
  (
    await db
      .select({ n: sql<number>`count(*)::int` })
      .from(paymentReceipts)
      .where(eq(paymentReceipts.orderId, orderId))
  )[0]?.n ?? 0;

/** Whether this email about this order was queued within RECEIPT_EMAIL_INTERVAL (under the order's row lock, so no race). */
async function emailedRecently(tx: DbOrTx, kind: MobileMoneyEmailKind, orderId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        eq(jobs.kind, MOBILE_MONEY_EMAIL_JOB),
        sql`${jobs.payload}->>'kind' = ${kind}`,
        sql`${jobs.payload}->>'orderId' = ${orderId}`,
        sql`${jobs.createdAt} > now() - ${RECEIPT_EMAIL_INTERVAL}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

async function findAdminOrder(db: Db, id: string): Promise<OrderRow> {
  const order = UUID.test(id)
    ? (await db.select().from(orders).where(eq(orders.id, id)).limit(1))[0]
    : undefined;
  if (!order) throw notFound('Order not found');
  if (order.paymentMethod !== METHOD.mobileMoney) throw badRequest('This order is not paid by mobile money');
  return order;
}

/**
 * The operator's decision on a pending mobile-money order. One UPDATE guarded by the status makes
 * the decision once: of two racing validations, one wins and the other gets a 409. Validation
 * queues the same delivery job as a card order, in the same transaction.
 */
export async function decideOrder(db: Db, id: string, decision: ReceiptDecision): Promise<OrderRow> {
  const order = await findAdminOrder(db, id);
  const action = receiptAction({ orderId: order.id, decision });
  const decided = await db.transaction(async (tx) => {
    if (action.action === 'complete') {
      return completeOrder(tx, action.ref, { verifiedBy: action.verifiedBy ?? 'operator' });
    }
    const row = await rejectOrder(tx, order.id);
    if (!row) return undefined;
    await enqueueJob(tx, mobileMoneyEmailJob('rejection', row.id));
    return row;
  });
  if (decided) return decided;
  const [now] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id));
  throw decidedConflict(now ?? order);
}

/** The latest receipt of an order, for the admin; never served under a public URL. */
export async function findLatestReceipt(db: Db, orderId: string): Promise<StoredFile> {
  if (!UUID.test(orderId)) throw notFound('Receipt not found');
  const [row] = await db
    .select({ file: storedFiles })
    .from(paymentReceipts)
    .innerJoin(storedFiles, eq(storedFiles.id, paymentReceipts.fileId))
    .where(eq(paymentReceipts.orderId, orderId))
    .orderBy(desc(paymentReceipts.createdAt), desc(paymentReceipts.id))
    .limit(1);
  if (!row) throw notFound('Receipt not found');
  return row.file;
}
