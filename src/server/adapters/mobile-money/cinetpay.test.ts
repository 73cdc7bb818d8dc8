import { createHmac } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import {
  cinetpayAmountXof,
  cinetpayDescription,
  cinetpayNotificationToken,
  isValidNotificationToken,
  NOTIFICATION_TOKEN_FIELDS,
  outcomeOfStatus,
} from './cinetpay';

const fields: Record<string, string> = {
  cpm_site_id: '105890',
  cpm_trans_id: 'GA0123',
  cpm_trans_date: '2026-11-22 11:19:00',
  cpm_amount: '5905',
  cpm_currency: 'XOF',
  signature: 'abcdef',
  payment_method: 'OM',
  cel_phone_num: '0700000000',
  cpm_phone_prefixe: '225',
  cpm_language: 'fr',
  cpm_version: 'V4',
  cpm_payment_config: 'SINGLE',
  cpm_page_action: 'PAYMENT',
  cpm_custom: 'GA-7K3M9Q',
  cpm_designation: 'Commande GA-7K3M9Q',
  cpm_error_message: '',
};

describe('the x-token HMAC', () => {
  test('is HMAC-SHA256 (hex) with the secret key over the documented fields, in the documented order', () => {
    const data =
      '105890' +
      'GA0123' +
      '2026-11-22 11:19:00' +
      '5905' +
      'XOF' +
      'abcdef' +
      'OM' +
      '0700000000' +
      '225' +
      'fr' +
      'V4' +
      'SINGLE' +
      'PAYMENT' +
      'GA-7K3M9Q' +
      'Commande GA-7K3M9Q' +
      '';
    const expected = createHmac('sha256', 'secret-key').update(data).digest('hex');
    expect(cinetpayNotificationToken(fields, 'secret-key')).toBe(expected);
    expect(NOTIFICATION_TOKEN_FIELDS).toHaveLength(16);
    // A pinned value, so a change of order or algorithm cannot slip through with the test above.
    expect(cinetpayNotificationToken({ cpm_site_id: 'a', cpm_trans_id: 'b' }, 'k')).toBe(
      createHmac('sha256', 'k').update('ab').digest('hex'),
    );
  });

  test('absent fields count as empty; extra fields are not part of it', () => {
    const { cpm_error_message: _omitted, ...withoutLast } = fields;
    expect(cinetpayNotificationToken(withoutLast, 's')).toBe(cinetpayNotificationToken(fields, 's'));
    expect(cinetpayNotificationToken({ ...fields, extra: 'x' }, 's')).toBe(
      cinetpayNotificationToken(fields, 's'),
    );
  });

  test('is refused when any covered field, the key or the token changes', () => {
    const token = cinetpayNotificationToken(fields, 'secret-key');
    expect(isValidNotificationToken(token, fields, 'secret-key')).toBe(true);
    expect(isValidNotificationToken(token.toUpperCase(), fields, 'secret-key')).toBe(true);
    expect(isValidNotificationToken(token, { ...fields, cpm_amount: '100' }, 'secret-key')).toBe(false);
    expect(isValidNotificationToken(token, fields, 'other-key')).toBe(false);
    expect(isValidNotificationToken(token.slice(0, -1), fields, 'secret-key')).toBe(false);
    expect(isValidNotificationToken('', fields, 'secret-key')).toBe(false);
    expect(isValidNotificationToken(undefined, fields, 'secret-key')).toBe(false);
  });
});

describe('the XOF amount', () => {
  test('is the euro total at 655.957 per euro, rounded up to a multiple of 5', () => {
    expect(cinetpayAmountXof(900)).toBe(5905); // 5903.613 → 5905
    expect(cinetpayAmountXof(1250)).toBe(8200); // 8199.4625 → 8200
    expect(cinetpayAmountXof(2150)).toBe(14105); // 14103.0755 → 14105
    expect(cinetpayAmountXof(100_000)).toBe(655_960); // 655957 → 655960
    expect(cinetpayAmountXof(0)).toBe(0);
  });

  test('is exact on multiples of 5 and never below the price', () => {
    for (let cents = 1; cents < 20_000; cents += 37) {
      const xof = cinetpayAmountXof(cents);
      expect(xof % 5).toBe(0);
      expect(xof).toBeGreaterThanOrEqual((cents * 655.957) / 100 - 1e-9);
      expect(xof - (cents * 655.957) / 100).toBeLessThan(5);
    }
  });

  test('refuses nonsense', () => {
    expect(() => cinetpayAmountXof(-1)).toThrow(RangeError);
    expect(() => cinetpayAmountXof(1.5)).toThrow(RangeError);
  });
});

test('descriptions lose the characters the documentation forbids', () => {
  expect(cinetpayDescription('Commande #GA-1 / guides $ & co_x')).toBe('Commande GA-1 guides co x');
});

test('only ACCEPTED pays; REFUSED fails; the rest waits', () => {
  expect(outcomeOfStatus('ACCEPTED')).toBe('paid');
  expect(outcomeOfStatus('REFUSED')).toBe('failed');
  expect(outcomeOfStatus('PENDING')).toBe('waiting');
  expect(outcomeOfStatus('WAITING_CUSTOMER_PAYMENT')).toBe('waiting');
  expect(outcomeOfStatus(undefined)).toBe('waiting');
});
