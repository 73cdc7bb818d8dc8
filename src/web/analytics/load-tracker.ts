import { sendViewOnLeave } from './leave-early';
import { connectTracker } from './track';

/**
 * Watches from the first script on for the page being left before the tracker runs: its view then
 * leaves by beacon (leave-early.ts), once. Returns what loads the tracker chunk once the hydrated
 * page is idle, so that analytics never delays the first render or competes with it for a slow
 * connection (docs/decisions/032-page-views-of-pages-left-early.md).
 */
export function watchPageViews(): { loadTrackerWhenIdle(): void } {
  const landing = { page: location.pathname, timestamp: Math.round(performance.timeOrigin) };
  let state: 'waiting' | 'started' | 'left' = 'waiting';
  const leave = () => {
    if (state !== 'waiting') return;
    state = 'left';
    sendViewOnLeave(landing);
  };
  window.addEventListener('pagehide', leave, { once: true });
  const load = () =>
    import('./tracker')
      .then(({ startTracker, browserEnv }) => {
        // Left meanwhile (and maybe back from the back-forward cache): the view already went.
        if (state !== 'waiting') return;
        state = 'started';
        window.removeEventListener('pagehide', leave);
        connectTracker(startTracker(browserEnv()).emit);
      })
      .catch((error: unknown) => console.warn('Analytics did not load', error));
  return {
    loadTrackerWhenIdle() {
      if ('requestIdleCallback' in window) requestIdleCallback(load, { timeout: 2000 });
      else setTimeout(load, 1000);
    },
  };
}
