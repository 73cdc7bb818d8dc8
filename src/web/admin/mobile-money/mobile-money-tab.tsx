/** Placeholder until the tab lands. */
export function MobileMoneyTab() {
  return <p className="text-sm text-stone-600">Coming soon.</p>;
}
