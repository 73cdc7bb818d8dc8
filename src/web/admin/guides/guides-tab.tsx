/** Placeholder until the tab lands. */
export function GuidesTab() {
  return <p className="text-sm text-stone-600">Coming soon.</p>;
}
