/**
 * The storefront's one way to report a business event. Always in the first load, so it is tiny: calls
 * made before the tracker chunk has loaded (it loads after hydration) wait here, with the page and
 * time they happened at. Does nothing on the server.
 */
import type { AnalyticsEvent, AnalyticsEventType } from '../../shared/contracts/analytics';

export type TrackFields = Pick<AnalyticsEvent, 'page' | 'guideId' | 'durationMs' | 'meta' | 'timestamp'>;
type Sink = (type: AnalyticsEventType, fields: TrackFields) => void;

const waiting: Array<[AnalyticsEventType, TrackFields]> = [];
let sink: Sink | undefined;

export function track(type: AnalyticsEventType, fields: TrackFields = {}): void {
  if (sink) sink(type, fields);
  else if (typeof window !== 'undefined' && waiting.length < 50)
    waiting.push([type, { page: location.pathname, timestamp: Date.now(), ...fields }]);
}

/** Called once the tracker has loaded: replays what waited, then hands every call to it. */
export function connectTracker(next: Sink): void {
  sink = next;
  for (const [type, fields] of waiting.splice(0)) next(type, fields);
}

/**
 * Where the events of a page left before the tracker loaded wait for the next page's tracker when
 * no beacon could carry them (leave-early.ts). Read and cleared once by the tracker.
 */
export const MISSED_KEY = 'analytics-missed';

export type MissedEvent = [AnalyticsEventType, TrackFields];

/**
 * The page is being left and the tracker never started: hands over the calls that waited, and
 * drops any later call (the page may come back from the back-forward cache; its view is counted).
 */
export function takeWaitingForLeave(): MissedEvent[] {
  sink = () => {};
  return waiting.splice(0);
}
