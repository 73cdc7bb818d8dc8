import {
  ANALYTICS_RANGE_DAYS,
  type AnalyticsRange,
} from '../../../shared/contracts/endpoints/analytics.schemas';

const DAY_MS = 86_400_000;

export interface RangeBounds {
  /** First instant of the range (00:00 UTC of its first day). */
  start: Date;
  /** End of today (UTC), exclusive. */
  end: Date;
  /** The previous period of the same length: [previousStart, start). */
  previousStart: Date;
  /** Its days, oldest first, "YYYY-MM-DD". */
  days: string[];
}

/** A range of N days is the N UTC days ending with today, today included. */
export function rangeBounds(range: AnalyticsRange, now: Date): RangeBounds {
  const n = ANALYTICS_RANGE_DAYS[range];
  const end = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + DAY_MS;
  const start = end - n * DAY_MS;
  return {
    start: new Date(start),
    end: new Date(end),
    previousStart: new Date(start - n * DAY_MS),
    days: Array.from({ length: n }, (_, i) => new Date(start + i * DAY_MS).toISOString().slice(0, 10)),
  };
}

const dayLabel = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** "2026-11-02" → "Nov 2". */
export function formatDay(day: string): string {
  return dayLabel.format(new Date(`${day}T00:00:00Z`));
}

export function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/** part ÷ whole × 100, two decimals; 0 when the whole is 0. */
export function percentage(part: number, whole: number): number {
  return whole > 0 ? round2((part / whole) * 100) : 0;
}

/** Change against the previous period in percent; null when there was nothing before (0 if nothing now either). */
export function growth(current: number, previous: number): number | null {
  if (previous === 0) return current === 0 ? 0 : null;
  return round2(((current - previous) / previous) * 100);
}

/** "0s", "45s", "2m 05s", "1h 02m". */
export function formatDuration(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m ${String(seconds % 60).padStart(2, '0')}s`;
  return `${Math.floor(minutes / 60)}h ${String(minutes % 60).padStart(2, '0')}m`;
}
