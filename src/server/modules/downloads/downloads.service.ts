import { eq } from 'drizzle-orm';
import type { Route } from '../../../shared/contracts/endpoints/define';
import * as deliveryEndpoints from '../../../shared/contracts/endpoints/delivery';
import { pathOf } from '../../../shared/contracts/endpoints/path-of';
import type { Db } from '../../db/client';
import { orderItems } from '../../db/schema';
import { forbidden, gone, notFound, unavailable } from '../../domain/errors';
import { hasGuideAccess } from '../../domain/guide-access';
import type { StoredFile } from '../files/files.service';
import { lightCopyOf } from '../light/light-copies.service';
import { type DeliveryItem, type DeliveryOrder, findDeliveryOrder, type OrderRow } from './delivery-order';
import { assertAccessNotRevoked } from './download-access';
import {
  type DownloadGrant,
  downloadSigningSecret,
  existingDownloadSigningSecret,
  signDownloadToken,
  verifyDownloadToken,
} from './download-token';
import { editionSourceOf, findStampedCopy } from './edition-source';
import { StampRenderError } from './stamp-line';
import {
  deliverableSlots,
  ensureStampedCopy,
  MissingGuidePdfError,
  type PdfSlot,
  type StampDeps,
  sourceFileOf,
} from './stamped-files.service';

/** Storefront spec §9: a download link is valid for 15 minutes. */
export const DOWNLOAD_LINK_TTL_MS = 15 * 60_000;

export interface DownloadDeps extends StampDeps {
  /** The clock links are issued and checked against; tests move it forward. */
  now?: () => Date;
  /** How long a link lives: DOWNLOAD_LINK_TTL_MS unless the configuration says otherwise. */
  linkTtlMs?: number;
}

export interface DownloadLink {
  downloadUrl: string;
  expiresAt: string;
  fileName: string;
}

const clock = (deps: DownloadDeps) => deps.now?.() ?? new Date();

function assertDeliverable(order: OrderRow): void {
  if (hasGuideAccess(order)) return;
  if (order.status !== 'completed') {
    throw forbidden(
      order.status === 'rejected'
        ? 'This order was not accepted, so its guides cannot be downloaded.'
        : 'This order is not completed yet: its guides can be downloaded once the payment is confirmed.',
    );
  }
  assertAccessNotRevoked(order);
}

async function findCompletedOrder(db: Db, publicId: string): Promise<DeliveryOrder> {
  const delivery = await findDeliveryOrder(db, { publicId });
  if (!delivery) throw notFound('Order not found');
  return delivery;
}

/** The full PDFs, or their light editions (images downsampled). */
export type DownloadVariant = 'full' | 'light';

const NO_LIGHT_EDITION = 'This guide has no light edition: download the full one.';

/**
 * The PDF a buyer's copy is stamped from: the latest edition's file in that slot (or the edition
 * numbered `edition`), or its light copy. A
 * light edition asked for where none was kept (too little to save, or not made yet) is a 404 that
 * says so; the pages only offer it where it exists.
 */
async function sourceFor(
  deps: DownloadDeps,
  entry: DeliveryItem,
  slot: PdfSlot,
  variant: DownloadVariant,
  edition: number | undefined,
) {
  const full =
    edition === undefined
      ? await sourceFileOf(deps, entry, slot)
      : await editionSourceOf(deps.db, entry, slot, edition);
  if (variant === 'full') return full;
  const light = await lightCopyOf(deps.db, full.id);
  if (!light) throw notFound(NO_LIGHT_EDITION);
  return light;
}

/** Stamps on demand when the job has not got there yet: a shopper would rather wait a second than retry. */
async function stampedCopy(
  deps: DownloadDeps,
  order: OrderRow,
  entry: DeliveryItem,
  slot: PdfSlot,
  variant: DownloadVariant = 'full',
  edition?: number,
) {
  try {
    return await ensureStampedCopy(
      deps,
      order,
      entry,
      slot,
      await sourceFor(deps, entry, slot, variant, edition),
    );
  } catch (error) {
    if (error instanceof MissingGuidePdfError) {
      throw unavailable('This guide’s PDF is not available right now. Please try again later.', 300);
    }
    if (error instanceof StampRenderError) {
      // The worker setting the line was stopped or failed; the next request starts a new one.
      throw unavailable(
        'Your copy of this guide could not be prepared just now. Please try again in a minute.',
        30,
      );
    }
    throw error;
  }
}

async function signedUrl(deps: DownloadDeps, endpoint: Route, grant: (exp: number) => DownloadGrant) {
  const exp = Math.floor((clock(deps).getTime() + (deps.linkTtlMs ?? DOWNLOAD_LINK_TTL_MS)) / 1000);
  const token = signDownloadToken(await downloadSigningSecret(deps.db), grant(exp));
  return { downloadUrl: pathOf(endpoint, { token }), expiresAt: new Date(exp * 1000).toISOString() };
}

/**
 * A fresh 15-minute link to the buyer's stamped copy of one guide (or its companion PDF): of the
 * latest edition, or of the edition numbered `edition`, whose link names the copy itself.
 */
export async function issueDownloadLink(
  deps: DownloadDeps,
  input: { publicId: string; guideId: string; slot: PdfSlot; variant?: DownloadVariant; edition?: number },
): Promise<DownloadLink> {
  const { order, items } = await findCompletedOrder(deps.db, input.publicId);
  const entry = items.find((candidate) => candidate.guide.id === input.guideId);
  if (!entry) throw notFound('This guide is not part of this order');
  assertDeliverable(order);
  if (!deliverableSlots(entry).includes(input.slot)) throw notFound('This guide has no companion PDF');
  const light = input.variant === 'light';
  const file = await stampedCopy(deps, order, entry, input.slot, input.variant, input.edition);
  // An earlier edition's link names the stamped copy itself; the latest's names the item's slot.
  const link = await signedUrl(deps, deliveryEndpoints.file, (exp) =>
    input.edition === undefined
      ? { k: 'file', item: entry.item.id, slot: input.slot, exp, ...(light ? { light } : {}) }
      : { k: 'copy', file: file.id, exp },
  );
  return { ...link, fileName: file.originalName };
}

export const zipFileName = (orderNumber: string, light = false) =>
  `guides-afrique-${orderNumber.replace(/[^A-Za-z0-9-]/g, '')}${light ? '-light' : ''}.zip`;

/**
 * A fresh 15-minute link to one ZIP of every PDF of the order, stamped first so the ZIP starts at
 * once. The light ZIP holds each PDF's light edition, and the full PDF where none was kept (a
 * guide of text alone): the buyer still gets everything, as small as the shop has it.
 */
export async function issueZipLink(
  deps: DownloadDeps,
  input: { publicId: string; variant?: DownloadVariant },
): Promise<DownloadLink> {
  const delivery = await findCompletedOrder(deps.db, input.publicId);
  assertDeliverable(delivery.order);
  const light = input.variant === 'light';
  await stampAll(deps, delivery, input.variant);
  const link = await signedUrl(deps, deliveryEndpoints.zipFile, (exp) => ({
    k: 'zip',
    order: delivery.order.id,
    exp,
    ...(light ? { light } : {}),
  }));
  return { ...link, fileName: zipFileName(delivery.order.orderNumber, light) };
}

async function stampAll(
  deps: DownloadDeps,
  delivery: DeliveryOrder,
  variant: DownloadVariant = 'full',
): Promise<StoredFile[]> {
  const files: StoredFile[] = [];
  for (const entry of delivery.items) {
    for (const slot of deliverableSlots(entry)) {
      const full = await sourceFileOf(deps, entry, slot).catch(() => undefined);
      const light = variant === 'light' && full ? await lightCopyOf(deps.db, full.id) : undefined;
      files.push(await stampedCopy(deps, delivery.order, entry, slot, light ? 'light' : 'full'));
    }
  }
  return files;
}

async function checkGrant(deps: DownloadDeps, token: string): Promise<DownloadGrant> {
  const secret = await existingDownloadSigningSecret(deps.db);
  if (!secret) throw forbidden('This download link is not valid.');
  const check = verifyDownloadToken(secret, token, clock(deps));
  if (check.ok) return check.grant;
  if (check.reason === 'expired') {
    throw gone('This download link has expired. Open your order page again for a fresh one.');
  }
  throw forbidden('This download link is not valid.');
}

/** The stamped PDF a file link grants, after checking its signature, its expiry and the order. */
export async function openFileDownload(
  deps: DownloadDeps,
  token: string,
): Promise<{ file: StoredFile; orderId: string }> {
  const grant = await checkGrant(deps, token);
  if (grant.k === 'copy') return openCopy(deps, grant.file);
  if (grant.k !== 'file') throw forbidden('This download link is not valid.');
  const [item] = await deps.db
    .select({ orderId: orderItems.orderId })
    .from(orderItems)
    .where(eq(orderItems.id, grant.item))
    .limit(1);
  const delivery = item ? await findDeliveryOrder(deps.db, { id: item.orderId }) : undefined;
  const entry = delivery?.items.find((candidate) => candidate.item.id === grant.item);
  if (!delivery || !entry) throw notFound('This file no longer exists');
  // Checked again at download time: an order refunded after the link was made no longer downloads.
  assertDeliverable(delivery.order);
  const variant = grant.light ? 'light' : 'full';
  return {
    file: await stampedCopy(deps, delivery.order, entry, grant.slot, variant),
    orderId: delivery.order.id,
  };
}

/** One edition's stamped copy, checked against its order at download time like any file. */
async function openCopy(deps: DownloadDeps, fileId: string): Promise<{ file: StoredFile; orderId: string }> {
  const copy = await findStampedCopy(deps.db, fileId);
  const delivery = copy ? await findDeliveryOrder(deps.db, { id: copy.orderId }) : undefined;
  if (!copy || !delivery) throw notFound('This file no longer exists');
  assertDeliverable(delivery.order);
  return { file: copy.file, orderId: copy.orderId };
}

export interface ZipEntry {
  file: StoredFile;
  name: string;
}

/** Every stamped PDF of the order a ZIP link grants, with unique names inside the archive. */
export async function openZipDownload(
  deps: DownloadDeps,
  token: string,
): Promise<{ fileName: string; entries: ZipEntry[]; orderId: string }> {
  const grant = await checkGrant(deps, token);
  if (grant.k !== 'zip') throw forbidden('This download link is not valid.');
  const delivery = await findDeliveryOrder(deps.db, { id: grant.order });
  if (!delivery) throw notFound('This order no longer exists');
  assertDeliverable(delivery.order);
  const seen = new Set<string>();
  const entries = (await stampAll(deps, delivery, grant.light ? 'light' : 'full')).map((file) => {
    let name = file.originalName;
    for (let n = 2; seen.has(name); n++) name = file.originalName.replace(/\.pdf$/i, `-${n}.pdf`);
    seen.add(name);
    return { file, name };
  });
  return {
    fileName: zipFileName(delivery.order.orderNumber, grant.light),
    entries,
    orderId: delivery.order.id,
  };
}
