/**
 * The installable app: the order page and the library register the service worker for
 * their own addresses only, and name the web app manifest. Other pages never load this code.
 */
export const OFFLINE_WORKER_URL = '/offline-sw.js';
export const MANIFEST_URL = '/app.webmanifest';

export function registerOfflineApp(options: { scope: string; startUrl: string; locale: string }): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator) || import.meta.env.DEV) return;
  if (!document.querySelector('link[rel="manifest"]')) {
    const link = document.createElement('link');
    link.rel = 'manifest';
    link.href = `${MANIFEST_URL}?${new URLSearchParams({ start: options.startUrl, lang: options.locale })}`;
    document.head.append(link);
  }
  navigator.serviceWorker.register(OFFLINE_WORKER_URL, { scope: options.scope }).catch(() => undefined);
}
