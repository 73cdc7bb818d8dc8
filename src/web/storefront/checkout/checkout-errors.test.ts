import { describe, expect, test } from 'vitest';
import { ApiError } from '../../lib/api';
import { refusalCode, refusedField } from './checkout-errors';

const refused = (status: number, body: object) => new ApiError(status, JSON.stringify(body), 'Bad Request');

describe('a refusal from the server is read from its field and code', () => {
  test('a field of the shopper, nested or not, is the form field', () => {
    expect(
      refusedField(refused(400, { message: 'customer.email: Invalid email', field: 'customer.email' })),
    ).toBe('email');
    expect(
      refusedField(
        refused(400, { message: 'firstName: must not contain the NUL character', field: 'firstName' }),
      ),
    ).toBe('firstName');
  });

  test('another field, another status, or no field at all names no form field', () => {
    expect(
      refusedField(refused(400, { message: 'items: a guide appears twice', field: 'items' })),
    ).toBeNull();
    expect(refusedField(refused(429, { message: 'email: too many', field: 'email' }))).toBeNull();
    expect(refusedField(refused(400, { message: 'email: looks like a field but is not named' }))).toBeNull();
    expect(refusedField(new Error('email: offline'))).toBeNull();
  });

  test('the code is the body’s code', () => {
    expect(refusalCode(refused(409, { message: 'Used up', code: 'discount_used_up' }))).toBe(
      'discount_used_up',
    );
    expect(refusalCode(refused(409, { message: 'Used up' }))).toBeUndefined();
    expect(refusalCode(new ApiError(500, 'not json', 'Error'))).toBeUndefined();
  });
});
