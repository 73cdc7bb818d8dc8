/** Placeholder until the tab lands. */
export function AnalyticsTab() {
  return <p className="text-sm text-stone-600">Coming soon.</p>;
}
