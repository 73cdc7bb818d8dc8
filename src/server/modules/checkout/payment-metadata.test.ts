import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import {
  decodeCheckoutMetadata,
  encodeCheckoutMetadata,
  isShopPayment,
  MetadataError,
  sameLines,
} from './payment-metadata';

const customer = {
  email: 'awa.diop@example.com',
  firstName: 'Awa',
  lastName: 'Diop',
  mobile: '+221 77 123 45 67',
};

describe('checkout metadata on the PaymentIntent', () => {
  test('a full cart of 50 lines fits Stripe’s limits (50 keys, 40-character keys, 500-character values) and reads back', () => {
    const items = Array.from({ length: 50 }, (_, i) => ({ id: randomUUID(), quantity: (i % 20) + 1 }));
    const metadata = encodeCheckoutMetadata({ customer, locale: 'en', items });
    expect(Object.keys(metadata).length).toBeLessThanOrEqual(50);
    for (const [key, value] of Object.entries(metadata)) {
      expect(key.length).toBeLessThanOrEqual(40);
      expect(value.length).toBeLessThanOrEqual(500);
    }
    expect(isShopPayment(metadata)).toBe(true);
    const decoded = decodeCheckoutMetadata(metadata);
    expect(decoded).toMatchObject({ customer, locale: 'en' });
    expect(sameLines(decoded.items, items)).toBe(true);
    expect(encodeCheckoutMetadata({ customer, locale: 'en', items: [...items].reverse() })).toEqual(metadata);
  });

  test('the unit price charged reads back with each line, within Stripe’s limits; an intent written without prices still reads', () => {
    const items = Array.from({ length: 50 }, (_, i) => ({
      id: randomUUID(),
      quantity: 20,
      unitCents: 10_000_000 - i,
    }));
    const metadata = encodeCheckoutMetadata({ customer, locale: 'fr', items });
    for (const value of Object.values(metadata)) expect(value.length).toBeLessThanOrEqual(500);
    const decoded = decodeCheckoutMetadata(metadata);
    expect(new Map(decoded.items.map((l) => [l.id, l.unitCents]))).toEqual(
      new Map(items.map((l) => [l.id, l.unitCents])),
    );
    const id = randomUUID();
    const legacy = { ...encodeCheckoutMetadata({ customer, locale: 'fr', items: [{ id, quantity: 2 }] }) };
    expect(legacy.items_0).toBe(`${id}:2`);
    expect(decodeCheckoutMetadata(legacy).items).toEqual([{ id, quantity: 2 }]);
  });

  test('one guide twice, however it is written, does not read back: the claim refuses what the intent refused', () => {
    const id = randomUUID();
    const metadata = encodeCheckoutMetadata({ customer, locale: 'fr', items: [{ id, quantity: 1 }] });
    expect(() => decodeCheckoutMetadata({ ...metadata, items_0: `${id}:1,${id.toUpperCase()}:1` })).toThrow(
      /a guide appears twice/,
    );
  });

  test('another application’s payment is not ours, and tampered details do not parse', () => {
    expect(isShopPayment({ order: '12' })).toBe(false);
    const metadata = encodeCheckoutMetadata({
      customer,
      locale: 'fr',
      items: [{ id: randomUUID(), quantity: 1 }],
    });
    expect(() => decodeCheckoutMetadata({ ...metadata, items_0: 'not-a-guide:1' })).toThrow(MetadataError);
    expect(() => decodeCheckoutMetadata({ ...metadata, email: 'nope' })).toThrow(MetadataError);
  });

  test('lines compare as a set of guide and quantity', () => {
    const [a, b] = [randomUUID(), randomUUID()];
    expect(
      sameLines(
        [
          { id: a, quantity: 1 },
          { id: b, quantity: 2 },
        ],
        [
          { id: b, quantity: 2 },
          { id: a.toUpperCase(), quantity: 1 },
        ],
      ),
    ).toBe(true);
    expect(sameLines([{ id: a, quantity: 1 }], [{ id: a, quantity: 2 }])).toBe(false);
    expect(
      sameLines(
        [{ id: a, quantity: 1 }],
        [
          { id: a, quantity: 1 },
          { id: b, quantity: 1 },
        ],
      ),
    ).toBe(false);
  });
});
