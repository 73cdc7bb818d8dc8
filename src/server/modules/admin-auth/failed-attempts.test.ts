import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../tests/helpers/test-context';
import { adminAuthFailures } from '../../db/schema';
import { ADMIN_FAILURE_LIMIT, ADMIN_FAILURE_WINDOW_MS, judgeAdminAttempt } from './failed-attempts';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb.close());

const start = new Date('2026-03-01T10:00:00Z');
const at = (ms: number) => new Date(start.getTime() + ms);
const wrong = () => false;
const right = () => true;

async function failures(ip: string) {
  const [row] = await testDb.db.select().from(adminAuthFailures).where(eq(adminAuthFailures.ip, ip));
  return row?.count ?? 0;
}

describe('failed admin key attempts', () => {
  test('ten failures lock the address for wrong keys until fifteen minutes after the first; the right key still gets in', async () => {
    const ip = '198.51.100.1';
    for (let i = 0; i < ADMIN_FAILURE_LIMIT; i++) {
      expect(await judgeAdminAttempt(testDb.db, ip, at(i * 60_000), wrong)).toEqual({ outcome: 'refused' });
    }
    const until = at(ADMIN_FAILURE_WINDOW_MS);
    expect(await judgeAdminAttempt(testDb.db, ip, at(10 * 60_000), wrong)).toEqual({
      outcome: 'locked',
      until,
    });
    expect(await judgeAdminAttempt(testDb.db, ip, at(ADMIN_FAILURE_WINDOW_MS - 1), wrong)).toEqual({
      outcome: 'locked',
      until,
    });
    expect(await judgeAdminAttempt(testDb.db, ip, at(10 * 60_000), right)).toEqual({ outcome: 'accepted' });
    expect(await judgeAdminAttempt(testDb.db, '198.51.100.2', at(10 * 60_000), right)).toEqual({
      outcome: 'accepted',
    });
    expect(await judgeAdminAttempt(testDb.db, ip, until, right)).toEqual({ outcome: 'accepted' });
  });

  test('a new window counts from one again', async () => {
    const ip = '198.51.100.3';
    for (let i = 0; i < ADMIN_FAILURE_LIMIT; i++) await judgeAdminAttempt(testDb.db, ip, start, wrong);
    expect(await judgeAdminAttempt(testDb.db, ip, at(ADMIN_FAILURE_WINDOW_MS), wrong)).toEqual({
      outcome: 'refused',
    });
    expect(await failures(ip)).toBe(1);
  });

  test('a right key neither counts nor resets the count', async () => {
    const ip = '198.51.100.4';
    for (let i = 0; i < 3; i++) await judgeAdminAttempt(testDb.db, ip, start, wrong);
    expect(await judgeAdminAttempt(testDb.db, ip, start, right)).toEqual({ outcome: 'accepted' });
    expect(await failures(ip)).toBe(3);
    expect(await judgeAdminAttempt(testDb.db, '198.51.100.5', start, right)).toEqual({ outcome: 'accepted' });
    expect(await failures('198.51.100.5')).toBe(0);
  });

  test('parallel guesses from one address: exactly the limit is refused, the rest are locked out', async () => {
    const ip = '198.51.100.6';
    const results = await Promise.all(
      Array.from({ length: 25 }, () => judgeAdminAttempt(testDb.db, ip, start, wrong)),
    );
    expect(results.filter((r) => r.outcome === 'refused')).toHaveLength(ADMIN_FAILURE_LIMIT);
    expect(results.filter((r) => r.outcome === 'locked')).toHaveLength(25 - ADMIN_FAILURE_LIMIT);
  });

  test('ended windows are pruned when another failure is recorded', async () => {
    await judgeAdminAttempt(testDb.db, '198.51.100.7', start, wrong);
    await judgeAdminAttempt(testDb.db, '198.51.100.8', at(ADMIN_FAILURE_WINDOW_MS), wrong);
    expect(await failures('198.51.100.7')).toBe(0);
    expect(await failures('198.51.100.8')).toBe(1);
  });
});
