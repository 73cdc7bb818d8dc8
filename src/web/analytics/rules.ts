/**
 * The tracker's pure rules (spec storefront §3 "Analytics session", §9 "Analytics"): device type,
 * traffic source, visitor id and scroll depth. Plain functions of their inputs, tested beside them.
 */
import type { SCROLL_THRESHOLDS, TRAFFIC_SOURCES } from '../../shared/contracts/analytics';

// The two rules the main bundle needs too (leave-early.ts) live apart, so the rest stays in the tracker chunk.
export { type DeviceType, deviceTypeOf, pageOf } from './page-rules';

export type TrafficSource = (typeof TRAFFIC_SOURCES)[number];
type ScrollThreshold = (typeof SCROLL_THRESHOLDS)[number];

// Matched against a referrer's host, a utm_source or a utm_medium. Webmail before search: mail.google.com.
const EMAIL = /^(mail|webmail|outlook)\.|mail\.(google|yahoo)|gmx\.|proton|newsletter|e-?mail/;
const SEARCH = /google|bing|yahoo|duckduckgo|baidu|yandex|ecosia|qwant|startpage|cpc|ppc|paid|organic|search/;
const SOCIAL =
  /social|facebook|instagram|twitter|linkedin|pinterest|tiktok|youtube|reddit|whatsapp|snapchat|telegram|^(fb|x|t\.co|wa\.me|t\.me|lnkd\.in|fb\.me|x\.com)$/;
/** A payment provider's page sends the shopper back to us: that is the same visit, not a referral. */
const PAYMENT_HOSTS = /(^|\.)(stripe\.com|stripe\.network|paypal\.com|djamo\.\w+)$/;

export interface Arrival {
  source: TrafficSource;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
}

export function hostOf(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    return '';
  }
}

function kindOf(name: string | null): TrafficSource | null {
  if (!name) return null;
  const n = name.toLowerCase();
  return EMAIL.test(n) ? 'email' : SEARCH.test(n) ? 'search' : SOCIAL.test(n) ? 'social' : null;
}

/** True when the referrer is our own site or a payment provider: a return, not a new arrival. */
export function isReturnFrom(pageUrl: string, referrer: string): boolean {
  const host = hostOf(referrer);
  return host !== '' && (host === hostOf(pageUrl) || PAYMENT_HOSTS.test(host));
}

/**
 * Where a visit came from: utm_medium, then utm_source, then the referrer's host. No referrer, our
 * own site or a payment provider's page is direct (a tagged link without a known medium: referral).
 */
export function arrivalOf(pageUrl: string, referrer: string): Arrival {
  const params = new URL(pageUrl).searchParams;
  const utm = (name: string) => params.get(`utm_${name}`)?.slice(0, 200) || null;
  const utmSource = utm('source');
  const utmMedium = utm('medium');
  const host = isReturnFrom(pageUrl, referrer) ? '' : hostOf(referrer);
  const source =
    kindOf(utmMedium) ??
    kindOf(utmSource) ??
    (host ? (kindOf(host) ?? 'referral') : utmSource || utmMedium ? 'referral' : 'direct');
  return { source, utmSource, utmMedium, utmCampaign: utm('campaign') };
}

/** visitor_{32-bit FNV-1a hash of the browser's traits}_{first seen, ms}. */
export function visitorIdOf(traits: string, now: number): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < traits.length; i++) hash = Math.imul(hash ^ traits.charCodeAt(i), 0x01000193);
  return `visitor_${hash >>> 0}_${now}`;
}

const THRESHOLDS: readonly ScrollThreshold[] = [25, 50, 75, 100];

/** How far the page has been scrolled, in percent of what can be scrolled (100 when nothing can). */
export function scrollPercent(scrollY: number, windowHeight: number, pageHeight: number): number {
  const scrollable = pageHeight - windowHeight;
  return scrollable <= 0 ? 100 : Math.min(100, (scrollY / scrollable) * 100);
}

/** The thresholds reached at this depth that have not been reported yet, marking them as reported. */
export function newScrollThresholds(percent: number, reported: Set<number>): ScrollThreshold[] {
  const reached = THRESHOLDS.filter((t) => percent >= t - 0.5 && !reported.has(t));
  for (const t of reached) reported.add(t);
  return reached;
}
