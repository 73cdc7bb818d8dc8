import { randomBytes } from 'node:crypto';
import { createServer, request as forward, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import type { FileStore } from '../../src/server/adapters/storage/file-store';
import type { Db } from '../../src/server/db/client';
import { travelGuides } from '../../src/server/db/schema';
import { storeFile } from '../../src/server/modules/files/files.service';
import { insertGuide } from '../helpers/fixtures';
import { insertOrder } from '../helpers/orders';
import { launchBrowser, type RunningShop, startShop } from './harness';

/** One answer to a file link that went through the proxy: what was asked, and the body bytes that crossed. */
export interface FileTransfer {
  path: string;
  range: string | undefined;
  ifRange: string | undefined;
  status: number;
  bytes: number;
  /** When the answer started (ms since the epoch). */
  at: number;
}

/**
 * The buyer's network, between Chromium and the shop: it counts the bytes of every file answer,
 * can drop the connection after N bytes of the next one (a taxi going through a tunnel), and can go
 * dark (every connection dropped, as with no network at all, service worker included).
 */
export interface BuyerNetwork {
  url: string;
  transfers: FileTransfer[];
  dark: boolean;
  /** Resolves once the next file answer has been cut after `bytes` body bytes. */
  cutNextFileAfter(bytes: number): Promise<void>;
  close(): Promise<void>;
}

export async function startBuyerNetwork(shopUrl: string): Promise<BuyerNetwork> {
  const target = new URL(shopUrl);
  const sockets = new Set<Socket>();
  let cut: { bytes: number; done(): void } | null = null;
  const network: BuyerNetwork = {
    url: '',
    transfers: [],
    dark: false,
    cutNextFileAfter: (bytes) =>
      new Promise((resolve) => {
        cut = { bytes, done: resolve };
      }),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  const server: Server = createServer((request, response) => {
    if (network.dark) {
      request.socket.destroy();
      return;
    }
    const upstream = forward(
      {
        host: target.hostname,
        port: target.port,
        method: request.method,
        path: request.url,
        headers: request.headers,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        if (!request.url?.startsWith('/api/files/')) {
          answer.pipe(response);
          return;
        }
        const transfer: FileTransfer = {
          path: request.url,
          range: request.headers.range,
          ifRange: request.headers['if-range'] as string | undefined,
          status: answer.statusCode ?? 0,
          bytes: 0,
          at: Date.now(),
        };
        network.transfers.push(transfer);
        const limit = answer.statusCode === 200 || answer.statusCode === 206 ? cut : null;
        if (limit) cut = null;
        let wasCut = false;
        answer.on('data', (chunk: Buffer) => {
          if (wasCut) return;
          if (limit && transfer.bytes + chunk.length >= limit.bytes) {
            const part = chunk.subarray(0, limit.bytes - transfer.bytes);
            transfer.bytes += part.length;
            wasCut = true;
            answer.destroy();
            // The bytes arrive, the connection stalls, then drops (as in a tunnel).
            response.write(part, () =>
              setTimeout(() => {
                response.socket?.destroy();
                limit.done();
              }, 300),
            );
            return;
          }
          transfer.bytes += chunk.length;
          response.write(chunk);
        });
        answer.on('end', () => response.end());
      },
    );
    upstream.on('error', () => response.socket?.destroy());
    request.pipe(upstream);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    if (network.dark) socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  network.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return network;
}

/** A guide with photographs (noise, which JPEG cannot shrink): a PDF of about 1.6 MB. */
async function photoGuidePdf(title: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  for (let page = 0; page < 3; page++) {
    const noise = await sharp(randomBytes(1000 * 700 * 3), { raw: { width: 1000, height: 700, channels: 3 } })
      .jpeg({ quality: 90 })
      .toBuffer();
    const image = await pdf.embedJpg(noise);
    pdf.addPage([420, 595]).drawImage(image, { x: 10, y: 200, width: 400, height: 267 });
  }
  pdf.setTitle(title);
  return Buffer.from(await pdf.save());
}

/** A completed order of one guide with a large PDF, written into the shop's database before it starts. */
export async function insertLargeGuideOrder(
  deps: { db: Db; files: FileStore },
  values: { title: string; locale: 'fr' | 'en' },
): Promise<{ publicId: string; guideId: string }> {
  const guide = await insertGuide(deps, { title: values.title, locale: values.locale, price: '12.00' });
  const pdf = await storeFile(deps, {
    purpose: 'pdf',
    data: await photoGuidePdf(values.title),
    contentType: 'application/pdf',
    originalName: 'guide-photos.pdf',
  });
  const [withPdf] = await deps.db
    .update(travelGuides)
    .set({ pdfPrimaryFileId: pdf.id, pageCount: 3 })
    .where(eq(travelGuides.id, guide.id))
    .returning();
  const { order } = await insertOrder(deps.db, { guides: [withPdf!], locale: values.locale });
  return { publicId: order.publicId, guideId: guide.id };
}

/** The buyer's stamped copy, fetched straight from the shop (not through the buyer's network). */
export async function stampedCopy(shopUrl: string, publicId: string, guideId: string): Promise<Buffer> {
  const link = (await (await fetch(`${shopUrl}/api/download/${publicId}/${guideId}`)).json()) as {
    downloadUrl: string;
  };
  return Buffer.from(await (await fetch(`${shopUrl}${link.downloadUrl}`)).arrayBuffer());
}

export interface ShopBehindNetwork {
  shop: RunningShop;
  network: BuyerNetwork;
  browser: Browser;
  order: { publicId: string; guideId: string };
  stop(): Promise<void>;
}

/** A shop with one completed order of a large guide, Chromium, and the buyer's network between them. */
export async function startShopBehindNetwork(options: {
  env?: Record<string, string>;
  guide: { title: string; locale: 'fr' | 'en' };
}): Promise<ShopBehindNetwork> {
  let order: ShopBehindNetwork['order'] | undefined;
  const [shop, browser] = await Promise.all([
    startShop({
      env: options.env,
      prepare: async (deps) => {
        order = await insertLargeGuideOrder(deps, options.guide);
      },
    }),
    launchBrowser(),
  ]);
  const network = await startBuyerNetwork(shop.url);
  return {
    shop,
    network,
    browser,
    order: order!,
    stop: async () => {
      await browser.close();
      await network.close();
      await shop.stop();
    },
  };
}

/** What the page's IndexedDB store of unfinished downloads holds: the bytes of each, and the parts in all. */
export function keptDownloads(page: Page): Promise<{ received: number[]; parts: number }> {
  return page.evaluate(
    () =>
      new Promise((resolve) => {
        const open = indexedDB.open('guides-downloads');
        open.onsuccess = () => {
          const tx = open.result.transaction(['downloads', 'parts']);
          const all = tx.objectStore('downloads').getAll();
          const count = tx.objectStore('parts').count();
          tx.oncomplete = () =>
            resolve({
              received: (all.result as { received: number }[]).map((d) => d.received),
              parts: count.result,
            });
        };
      }),
  );
}

/** The SHA-256 of the one guide saved for offline on this page's phone (Cache Storage), in hex. */
export function savedGuideDigest(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const [name] = (await caches.keys()).filter((key) => key.startsWith('guide-offline-v1:'));
    const shelf = await caches.open(name!);
    const [entry] = await shelf.keys();
    const bytes = await (await shelf.match(entry!))!.arrayBuffer();
    return Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes)), (b) =>
      b.toString(16).padStart(2, '0'),
    ).join('');
  });
}
