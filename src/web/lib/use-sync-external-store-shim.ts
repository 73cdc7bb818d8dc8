/**
 * What wouter imports as `use-sync-external-store/shim`: React 18+ has the hook itself, so the shim's
 * own copy (~0.3 KB gzip of every page's first load) is replaced by React's (vite.config.ts alias).
 */
export { useSyncExternalStore } from 'react';
