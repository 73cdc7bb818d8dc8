import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { FileStore } from '../../src/server/adapters/storage/file-store';
import type { Db } from '../../src/server/db/client';
import { orderItems, orders, travelGuides } from '../../src/server/db/schema';
import { storeFile } from '../../src/server/modules/files/files.service';
import { insertGuide } from './fixtures';

interface Deps {
  db: Db;
  files: FileStore;
}

export type GuideRow = typeof travelGuides.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;

/** A one-page companion PDF (a checklist), as some guides have for their secondary file. */
async function makeCompanionPdf(title: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage([420, 595]).drawText(title, { x: 40, y: 540, size: 16, font });
  return Buffer.from(await pdf.save());
}

/** A sold guide with a real primary PDF, and a companion PDF when asked. */
export async function insertSellableGuide(
  deps: Deps,
  values: { title: string; locale?: 'fr' | 'en'; price?: string; companion?: string },
): Promise<GuideRow> {
  const guide = await insertGuide(deps, {
    title: values.title,
    locale: values.locale ?? 'fr',
    price: values.price ?? '9.00',
    withPdf: true,
  });
  if (!values.companion) return guide;
  const companion = await storeFile(deps, {
    purpose: 'pdf',
    data: await makeCompanionPdf(values.companion),
    contentType: 'application/pdf',
    originalName: `${values.companion.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.pdf`,
  });
  const [updated] = await deps.db
    .update(travelGuides)
    .set({ pdfSecondaryFileId: companion.id })
    .where(eq(travelGuides.id, guide.id))
    .returning();
  return updated!;
}

const ORDER_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/**
 * An order written straight into the database, as checkout would leave it, for tests of what
 * happens after a purchase (delivery, downloads) that must not depend on the checkout code.
 */
export async function insertOrder(
  db: Db,
  values: {
    guides: GuideRow[];
    status?: OrderRow['status'];
    locale?: 'fr' | 'en';
    email?: string;
    firstName?: string;
    lastName?: string;
  },
): Promise<{ order: OrderRow; items: OrderItemRow[] }> {
  const suffix = Array.from(randomBytes(6), (b) => ORDER_ALPHABET[b % ORDER_ALPHABET.length]).join('');
  const total = values.guides.reduce((sum, g) => sum + Number(g.price), 0).toFixed(2);
  const status = values.status ?? 'completed';
  const [order] = await db
    .insert(orders)
    .values({
      publicId: randomBytes(18).toString('base64url'),
      orderNumber: `GA-${suffix}`,
      status,
      paymentMethod: 'stripe',
      email: values.email ?? 'awa.diop@gmail.com',
      firstName: values.firstName ?? 'Awa',
      lastName: values.lastName ?? 'Diop',
      phoneNumber: '+221 77 000 00 00',
      locale: values.locale ?? 'fr',
      total,
      completedAt: status === 'completed' ? new Date() : null,
    })
    .returning();
  const items = await db
    .insert(orderItems)
    .values(
      values.guides.map((g) => ({
        orderId: order!.id,
        guideId: g.id,
        quantity: 1,
        unitPrice: g.price,
        title: g.title,
      })),
    )
    .returning();
  return { order: order!, items };
}
