import { describe, expect, test } from 'vitest';
import {
  arrivalOf,
  deviceTypeOf,
  isReturnFrom,
  newScrollThresholds,
  pageOf,
  scrollPercent,
  visitorIdOf,
} from './rules';

const ANDROID_PHONE =
  'Mozilla/5.0 (Linux; Android 12; itel A571W) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/118.0 Mobile Safari/537.36';
const ANDROID_TABLET =
  'Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';
const IPAD =
  'Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';
const DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0';

describe('device type', () => {
  test('a phone is mobile by its user agent, whatever the window width', () => {
    expect(deviceTypeOf(ANDROID_PHONE, 360)).toBe('mobile');
    expect(deviceTypeOf(IPHONE, 900)).toBe('mobile');
  });

  test('a tablet is a tablet by its user agent (an Android without "Mobile", an iPad)', () => {
    expect(deviceTypeOf(ANDROID_TABLET, 1280)).toBe('tablet');
    expect(deviceTypeOf(IPAD, 1366)).toBe('tablet');
  });

  test('a desktop browser in a window 768 to 1024 px wide counts as a tablet', () => {
    expect(deviceTypeOf(DESKTOP, 767)).toBe('desktop');
    expect(deviceTypeOf(DESKTOP, 768)).toBe('tablet');
    expect(deviceTypeOf(DESKTOP, 1024)).toBe('tablet');
    expect(deviceTypeOf(DESKTOP, 1025)).toBe('desktop');
  });
});

describe('traffic source', () => {
  const page = 'https://guides.example/senegal';
  const source = (url: string, referrer: string) => arrivalOf(url, referrer).source;

  test('no referrer is direct', () => {
    expect(source(page, '')).toBe('direct');
  });

  test('a search engine, a social network, a webmail and any other site', () => {
    expect(source(page, 'https://www.google.com/')).toBe('search');
    expect(source(page, 'https://www.bing.com/search?q=dakar')).toBe('search');
    expect(source(page, 'https://duckduckgo.com/')).toBe('search');
    expect(source(page, 'https://m.facebook.com/')).toBe('social');
    expect(source(page, 'https://l.instagram.com/')).toBe('social');
    expect(source(page, 'https://t.co/abc')).toBe('social');
    expect(source(page, 'https://www.linkedin.com/feed')).toBe('social');
    expect(source(page, 'https://mail.google.com/mail/u/0/')).toBe('email');
    expect(source(page, 'https://outlook.live.com/')).toBe('email');
    expect(source(page, 'https://www.petitfute.com/senegal')).toBe('referral');
  });

  test('utm_medium decides first: email, social, paid search', () => {
    expect(source(`${page}?utm_medium=email&utm_source=brevo`, '')).toBe('email');
    expect(source(`${page}?utm_medium=newsletter`, 'https://www.google.com/')).toBe('email');
    expect(source(`${page}?utm_medium=social`, '')).toBe('social');
    expect(source(`${page}?utm_medium=cpc&utm_source=google`, '')).toBe('search');
  });

  test('then utm_source; a tagged link of unknown kind is a referral', () => {
    expect(source(`${page}?utm_source=facebook`, '')).toBe('social');
    expect(source(`${page}?utm_source=partner-blog`, '')).toBe('referral');
  });

  test('the utm fields are kept', () => {
    expect(arrivalOf(`${page}?utm_source=fb&utm_medium=social&utm_campaign=tabaski`, '')).toEqual({
      source: 'social',
      utmSource: 'fb',
      utmMedium: 'social',
      utmCampaign: 'tabaski',
    });
    expect(arrivalOf(page, '')).toMatchObject({ utmSource: null, utmMedium: null, utmCampaign: null });
  });

  test('a return from a payment provider or from our own pages is not a referral', () => {
    expect(source(page, 'https://checkout.stripe.com/c/pay/cs_test_123')).toBe('direct');
    expect(source(page, 'https://stripe.com/')).toBe('direct');
    expect(source(page, 'https://guides.example/checkout')).toBe('direct');
    expect(isReturnFrom(page, 'https://checkout.stripe.com/c/pay')).toBe(true);
    expect(isReturnFrom(page, 'https://hooks.stripe.network/')).toBe(true);
    expect(isReturnFrom(page, 'https://guides.example/')).toBe(true);
    expect(isReturnFrom(page, 'https://www.google.com/')).toBe(false);
    expect(isReturnFrom(page, 'https://notstripe.com/')).toBe(false);
    expect(isReturnFrom(page, '')).toBe(false);
  });
});

describe('visitor id', () => {
  test('has the form visitor_{number}_{timestamp} the server accepts', () => {
    const id = visitorIdOf('Mozilla/5.0|fr-FR|360|740|24|0', 1_763_800_000_000);
    expect(id).toMatch(/^visitor_\d{1,20}_\d{1,15}$/);
    expect(id.endsWith('_1763800000000')).toBe(true);
  });

  test('the number is a hash of the traits: the same traits give the same number', () => {
    const number = (id: string) => id.split('_')[1];
    expect(number(visitorIdOf('a|b|c', 1))).toBe(number(visitorIdOf('a|b|c', 2)));
    expect(number(visitorIdOf('a|b|c', 1))).not.toBe(number(visitorIdOf('a|b|d', 1)));
  });
});

describe('scroll depth', () => {
  test('is the share of the scrollable height, 100 for a page that does not scroll', () => {
    expect(scrollPercent(0, 800, 2400)).toBe(0);
    expect(scrollPercent(800, 800, 2400)).toBe(50);
    expect(scrollPercent(1600, 800, 2400)).toBe(100);
    expect(scrollPercent(0, 800, 600)).toBe(100);
  });

  test('each of 25, 50, 75 and 100 percent is reported once, including the ones skipped over', () => {
    const reported = new Set<number>();
    expect(newScrollThresholds(10, reported)).toEqual([]);
    expect(newScrollThresholds(30, reported)).toEqual([25]);
    expect(newScrollThresholds(28, reported)).toEqual([]);
    expect(newScrollThresholds(80, reported)).toEqual([50, 75]);
    expect(newScrollThresholds(99.8, reported)).toEqual([100]);
    expect(newScrollThresholds(100, reported)).toEqual([]);
  });
});

describe('page paths', () => {
  test("an order page's secret id never reaches analytics", () => {
    expect(pageOf('/order-confirmation/Wq3hNWk2D-wAbCdEfGhIjK')).toBe('/order-confirmation/:id');
    expect(pageOf('/senegal')).toBe('/senegal');
  });
});
