import type { AnalyticsSummary } from '../../../shared/contracts/endpoints/analytics.schemas';
import type { AdminData } from '../shell/use-admin-data';
import { euros, integer } from './analytics-format';
import { Loaded, Panel } from './panel';

const money = (cents: number) => `${cents < 0 ? '−' : ''}€${euros.format(Math.abs(cents) / 100)}`;

function Line(props: { label: string; cents: number; testId: string; strong?: boolean }) {
  return (
    <div
      className={`flex justify-between gap-4 py-1 ${props.strong ? 'border-t border-stone-200 font-semibold' : ''}`}
    >
      <dt className="text-stone-700">{props.label}</dt>
      <dd className="tabular-nums" data-testid={props.testId}>
        {money(props.cents)}
      </dd>
    </div>
  );
}

/** where the revenue comes from (discounts given, refunds made) and each code's uses. */
export function RevenuePanel({ summary }: { summary: AdminData<AnalyticsSummary> }) {
  return (
    <Panel title="Revenue, discounts and refunds" testId="analytics-revenue">
      <Loaded data={summary} lines={4}>
        {(s) => (
          <div className="grid gap-6 sm:grid-cols-2">
            <dl className="text-sm">
              <Line
                label="Before discounts"
                cents={s.revenueBeforeDiscountsCents}
                testId="revenue-before-discounts"
              />
              <Line label="Discounts" cents={-s.discountCents} testId="revenue-discounts" />
              <Line label="Paid" cents={s.paidRevenueCents} testId="revenue-paid" strong />
              <Line label="Refunds made in the range" cents={-s.refundedCents} testId="revenue-refunds" />
              <Line label="Net revenue" cents={s.totalRevenueCents} testId="revenue-net" strong />
            </dl>
            <div>
              <h4 className="mb-2 text-sm font-medium text-stone-700">Uses per discount code</h4>
              {s.discountCodes.length === 0 ? (
                <p className="text-sm text-stone-600">No code used by a completed order in the range</p>
              ) : (
                <ul className="divide-y divide-stone-100 text-sm" data-testid="discount-code-uses">
                  {s.discountCodes.map((c) => (
                    <li key={c.code} className="flex justify-between gap-3 py-1">
                      <span className="min-w-0 break-all font-mono">{c.code}</span>
                      <span className="shrink-0 tabular-nums text-stone-700">
                        {integer.format(c.uses)} use{c.uses === 1 ? '' : 's'} · {money(-c.discountCents)}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </div>
        )}
      </Loaded>
    </Panel>
  );
}
