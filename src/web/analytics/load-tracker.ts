import { connectTracker } from './track';

/**
 * Loads the tracker chunk once the hydrated page is idle, so that analytics never delays the first
 * render or competes with it for a slow connection.
 */
export function loadTrackerWhenIdle(): void {
  const load = () =>
    import('./tracker')
      .then(({ startTracker, browserEnv }) => connectTracker(startTracker(browserEnv()).emit))
      .catch((error: unknown) => console.warn('Analytics did not load', error));
  if ('requestIdleCallback' in window) requestIdleCallback(load, { timeout: 5000 });
  else setTimeout(load, 1000);
}
