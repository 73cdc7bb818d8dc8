import { z } from 'zod';

/**
 * The dates a client may send: a day (or an instant) between 1970 and 2999. PostgreSQL has no
 * year 0, a range's end runs to the next midnight, and a year below 100 comes back from the
 * drivers as 19xx or 20xx; outside these bounds a date is a typing slip, refused here with 400.
 */
const FIRST_DAY = '1970-01-01';
const LAST_DAY = '2999-12-31';
const FIRST_INSTANT = Date.parse(`${FIRST_DAY}T00:00:00Z`);
const END_OF_LAST_DAY = Date.parse(`${LAST_DAY}T00:00:00Z`) + 86_400_000;

/** A day written YYYY-MM-DD, between 1970-01-01 and 2999-12-31. */
export const daySchema = (name: string) =>
  z.iso
    .date({ error: `${name} must be a date written YYYY-MM-DD` })
    .refine((value) => value >= FIRST_DAY && value <= LAST_DAY, {
      error: `${name} must be a day between 1970 and 2999`,
    });

/** A date and time with its offset (ISO 8601), between 1970 and the end of 2999. */
export const instantSchema = (name: string) =>
  z.iso
    .datetime({ offset: true, error: `${name} must be a date and time written YYYY-MM-DDTHH:MM:SSZ` })
    .refine(
      (value) => {
        const at = Date.parse(value);
        return at >= FIRST_INSTANT && at < END_OF_LAST_DAY;
      },
      { error: `${name} must be between 1970 and 2999` },
    );
