/**
 * The service worker of the order page and the library, built to /offline-sw.js by
 * scripts/build.mjs, which writes the build's list of files into PRECACHE and VERSION.
 *
 * - Registered for those pages' addresses only; it also checks the address of every page it is
 *   asked for, so a shop page, a guide page or the admin is never answered by it.
 * - Pages: the network first, always (the order's data is fresh whenever there is a network);
 *   without one, the page's shell from the cache, which then lists the guides kept on the phone.
 * - The shell's scripts and styles (hashed names, never changed): from the cache first.
 * - Nothing else is touched: API answers and downloads go to the network, and no buyer's data is
 *   put in any cache by the worker.
 */

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(response: Promise<Response>): void;
}
interface WorkerScope {
  location: Location;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
}

const worker = globalThis as unknown as WorkerScope;
const PRECACHE: string[] = JSON.parse('__OFFLINE_PRECACHE__');
const VERSION = '__OFFLINE_VERSION__';
const SHELL_URL = '/offline-shell.html';
const CACHE_PREFIX = 'order-shell-';
const CACHE = `${CACHE_PREFIX}${VERSION}`;
/** The pages this worker may answer for; keep in step with register-offline.ts. */
const PAGES = [/^\/order-confirmation\/[^/]+$/, /^\/mes-guides\/?$/, /^\/my-guides\/?$/];

worker.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll([SHELL_URL, ...PRECACHE]))
      .then(() => worker.skipWaiting()),
  );
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE)
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => worker.clients.claim()),
  );
});

async function pageOrShell(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    const shell = await caches.match(SHELL_URL, { cacheName: CACHE });
    if (shell) return shell;
    throw error;
  }
}

async function fromCacheFirst(request: Request): Promise<Response> {
  return (await caches.match(request, { cacheName: CACHE })) ?? fetch(request);
}

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== worker.location.origin) return;
  if (request.mode === 'navigate') {
    if (PAGES.some((page) => page.test(url.pathname))) event.respondWith(pageOrShell(request));
    return;
  }
  if (PRECACHE.includes(url.pathname)) event.respondWith(fromCacheFirst(request));
});
