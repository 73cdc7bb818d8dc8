import type { AnalyticsEventType } from '../../shared/contracts/analytics';
import { MISSED_KEY, type TrackFields } from './track';

export function readJson<T>(storage: Storage | null, key: string): T | null {
  try {
    return JSON.parse(storage?.getItem(key) ?? 'null') as T | null;
  } catch {
    return null;
  }
}

export function writeJson(storage: Storage | null, key: string, value: unknown) {
  try {
    storage?.setItem(key, JSON.stringify(value));
  } catch {
    // storage full or refused: the visit is still counted, only not remembered
  }
}

/**
 * Pages of this visit left before their tracker loaded, whose beacon could not be queued
 * (leave-early.ts): counted now, once. Entries that are not events (tampered storage) are skipped.
 */
export function replayKeptEvents(
  storage: Storage | null,
  emit: (type: AnalyticsEventType, fields?: TrackFields) => void,
): void {
  const kept = readJson<unknown[]>(storage, MISSED_KEY);
  if (!Array.isArray(kept) || kept.length === 0) return;
  try {
    storage?.removeItem(MISSED_KEY);
  } catch {
    // storage refused: nothing was kept either
  }
  for (const entry of kept) {
    if (Array.isArray(entry) && typeof entry[0] === 'string' && typeof entry[1] === 'object' && entry[1])
      emit(entry[0] as AnalyticsEventType, entry[1] as TrackFields);
  }
}
