/**
 * The two analytics rules the main bundle needs (a page left before the tracker loaded, leave-early.ts)
 * as well as the tracker: kept apart from rules.ts so the tracker's other rules stay in its chunk.
 */
import type { DEVICE_TYPES } from '../../shared/contracts/analytics';

export type DeviceType = (typeof DEVICE_TYPES)[number];

/** Mobile by user agent; tablet by user agent or a window 768–1024 px wide; otherwise desktop. */
export function deviceTypeOf(userAgent: string, windowWidth: number): DeviceType {
  // iPads say "Mobile" too; Android tablets are the Androids that do not.
  if (/iPad|Tablet|Kindle|Silk|PlayBook/i.test(userAgent)) return 'tablet';
  if (/Mobi|iPhone|iPod|Windows Phone|BlackBerry|Opera Mini|IEMobile/i.test(userAgent)) return 'mobile';
  if (/Android/i.test(userAgent)) return 'tablet';
  return windowWidth >= 768 && windowWidth <= 1024 ? 'tablet' : 'desktop';
}

/**
 * A path as analytics may keep it: an order page's address is a secret that opens its downloads,
 * so its id is replaced (the pages report then also counts every order page as one).
 */
export function pageOf(path: string): string {
  return path.replace(/^\/order-confirmation\/[^/?#]+/, '/order-confirmation/:id').slice(0, 500);
}
