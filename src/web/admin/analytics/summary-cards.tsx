import type { ReactNode } from 'react';
import type { AnalyticsSummary } from '../../../shared/contracts/endpoints/analytics.schemas';
import type { AdminData } from '../shell/use-admin-data';
import { euros, INDUSTRY_AVERAGE_CONVERSION_RATE, integer, percent } from './analytics-format';

function Growth({ value }: { value: number | null }) {
  if (value === null) return <p className="mt-1 text-xs text-stone-500">No data from last period</p>;
  const tone = value > 0 ? 'text-teal-800' : value < 0 ? 'text-red-700' : 'text-stone-600';
  return (
    <p className="mt-1 text-xs text-stone-600">
      <span className={`font-semibold ${tone}`}>
        {value > 0 ? '+' : ''}
        {percent(value)}
      </span>{' '}
      from last period
    </p>
  );
}

function StatCard(props: { label: string; value: ReactNode; children: ReactNode }) {
  return (
    <div className="rounded-lg border border-stone-200 bg-white p-4" data-testid="analytics-card">
      <p className="text-sm font-medium text-stone-600">{props.label}</p>
      <p className="mt-1 text-2xl font-bold tabular-nums">{props.value}</p>
      {props.children}
    </div>
  );
}

export function SummaryCards({ summary }: { summary: AdminData<AnalyticsSummary> }) {
  const s = summary.data;
  if (!s)
    return (
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-busy={summary.pending}>
        {['Total Revenue', 'Total Orders', 'Downloads', 'Conversion Rate'].map((label) => (
          <div key={label} className="rounded-lg border border-stone-200 bg-white p-4">
            <p className="text-sm font-medium text-stone-600">{label}</p>
            {summary.pending ? (
              <div
                className="mt-2 h-7 w-2/3 animate-pulse rounded bg-stone-200"
                data-testid="analytics-loading"
              />
            ) : (
              <p role="alert" className="mt-1 text-sm text-red-700">
                {summary.error?.message}
              </p>
            )}
          </div>
        ))}
      </div>
    );
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <StatCard label="Total Revenue" value={`€${euros.format(s.totalRevenueCents / 100)}`}>
        <Growth value={s.revenueGrowth} />
        <p className="mt-1 text-xs text-stone-600">Net of discounts and of refunds made in the range</p>
        {s.testModeOrders > 0 ? (
          <p className="mt-1 text-xs text-amber-800" data-testid="test-mode-revenue">
            Not counted: {integer.format(s.testModeOrders)} test-mode order
            {s.testModeOrders > 1 ? 's' : ''}, €{euros.format(s.testModeRevenueCents / 100)} (simulated card
            payments)
          </p>
        ) : null}
      </StatCard>
      <StatCard label="Total Orders" value={integer.format(s.totalOrders)}>
        <Growth value={s.ordersGrowth} />
        <p className="mt-1 text-xs text-stone-600">Completed orders, test mode excluded</p>
      </StatCard>
      <StatCard label="Downloads" value={integer.format(s.totalDownloads)}>
        <Growth value={s.downloadsGrowth} />
      </StatCard>
      <StatCard label="Conversion Rate" value={percent(s.conversionRate)}>
        <p className="mt-1 text-xs text-stone-600">{`Industry avg: ${INDUSTRY_AVERAGE_CONVERSION_RATE}%`}</p>
        <p className="mt-1 text-xs text-stone-600" data-testid="conversion-definition">
          Visits with a purchase ÷ visits ({integer.format(s.totalSessions)} in the range)
        </p>
      </StatCard>
    </div>
  );
}
