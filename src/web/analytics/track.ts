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
