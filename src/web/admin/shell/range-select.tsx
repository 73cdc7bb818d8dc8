import { Select } from '../../components/ui/select';

/** The admin reports' periods (analytics and emails): the contracts' `range` query. */
export type ReportRange = '7d' | '30d' | '90d';

const RANGES: { value: ReportRange; label: string }[] = [
  { value: '7d', label: 'Last 7 days' },
  { value: '30d', label: 'Last 30 days' },
  { value: '90d', label: 'Last 90 days' },
];

/** "Range" and its periods, beside a report's title. */
export function RangeSelect<R extends ReportRange>(props: {
  name: string;
  value: R;
  onChange(range: R): void;
}) {
  return (
    <Select
      label="Range"
      name={props.name}
      id={props.name}
      value={props.value}
      options={RANGES as { value: R; label: string }[]}
      onChange={props.onChange}
      inline
    />
  );
}
