/**
 * Guides kept on the phone for reading offline: each stamped PDF is a cache of its own in
 * Cache Storage, which belongs to this browser only, with what the page needs to list it (title,
 * file name, order, size) in one header, so the list is read without opening any file. One cache
 * per guide because deleting a whole cache is what makes the browser give its space back at once.
 */
const SHELF_PREFIX = 'guide-offline-v1:';
const META_HEADER = 'x-saved-guide';
const shelfOf = (key: string) => caches.open(`${SHELF_PREFIX}${key}`);

export interface SavedGuide {
  key: string;
  orderId: string;
  title: string;
  fileName: string;
  size: number;
  savedAt: string;
}

/** An address for the entry; the service worker never serves it, it only names the file. */
const entryUrl = (key: string) => `/order-confirmation/saved/${encodeURIComponent(key)}`;

export function canKeepOffline(): boolean {
  return typeof caches !== 'undefined';
}

export async function keepOffline(
  guide: Omit<SavedGuide, 'size' | 'savedAt'>,
  file: Blob,
): Promise<SavedGuide> {
  const saved: SavedGuide = { ...guide, size: file.size, savedAt: new Date().toISOString() };
  const shelf = await shelfOf(guide.key);
  await shelf.put(
    entryUrl(guide.key),
    new Response(file, {
      headers: {
        'content-type': 'application/pdf',
        'content-length': String(file.size),
        [META_HEADER]: encodeURIComponent(JSON.stringify(saved)),
      },
    }),
  );
  // Kept files should not be the first thing the browser clears when the phone is short of space.
  await navigator.storage?.persist?.().catch(() => false);
  return saved;
}

function savedGuideOf(response: Response | undefined): SavedGuide | null {
  const header = response?.headers.get(META_HEADER);
  if (!header) return null;
  try {
    return JSON.parse(decodeURIComponent(header)) as SavedGuide;
  } catch {
    return null;
  }
}

/** The guides kept on this phone, oldest first; only one order's when `orderId` is given. */
export async function savedGuides(orderId?: string): Promise<SavedGuide[]> {
  if (!canKeepOffline()) return [];
  const names = (await caches.keys()).filter((name) => name.startsWith(SHELF_PREFIX));
  const entries = await Promise.all(
    names.map(async (name) => (await caches.open(name)).match(entryUrl(name.slice(SHELF_PREFIX.length)))),
  );
  return entries
    .map(savedGuideOf)
    .filter((guide): guide is SavedGuide => guide !== null && (!orderId || guide.orderId === orderId))
    .sort((a, b) => a.savedAt.localeCompare(b.savedAt));
}

export async function openSaved(key: string): Promise<Blob | null> {
  if (!canKeepOffline()) return null;
  if (!(await caches.has(`${SHELF_PREFIX}${key}`))) return null;
  const response = await (await shelfOf(key)).match(entryUrl(key));
  return response ? response.blob() : null;
}

export async function removeSaved(key: string): Promise<boolean> {
  if (!canKeepOffline()) return false;
  return caches.delete(`${SHELF_PREFIX}${key}`);
}

/** What this site takes on the phone and what it may take, when the browser says. */
export async function storageEstimate(): Promise<{ usage: number; quota: number } | null> {
  const estimate = await navigator.storage?.estimate?.().catch(() => undefined);
  if (!estimate || estimate.usage === undefined || estimate.quota === undefined) return null;
  return { usage: estimate.usage, quota: estimate.quota };
}

/** Hands a file to the buyer: the browser saves it under its name (or opens it, on some phones). */
export function handToBuyer(file: Blob, fileName: string): void {
  const url = URL.createObjectURL(file);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Long enough for the browser to start reading it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
