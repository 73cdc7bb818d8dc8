import type { ActivityPage } from '../../../shared/contracts/endpoints/admin-activity.schemas';
import { Select } from '../../components/ui/select';

export interface ActivityFilters {
  action: string;
  subjectType: string;
  from: string;
  to: string;
}
export const NO_FILTERS: ActivityFilters = { action: '', subjectType: '', from: '', to: '' };

/** The filters as the endpoint's query: the ones set. */
export const filterQuery = (filters: ActivityFilters) =>
  Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== ''));

const SELECTS = [
  { key: 'action', label: 'Action', all: 'All actions', from: 'actions' },
  { key: 'subjectType', label: 'Subject', all: 'Everything', from: 'subjectTypes' },
] as const;
const DAYS = [
  { key: 'from', label: 'From' },
  { key: 'to', label: 'To' },
] as const;

/** Action and subject (from what has been recorded), and a range of days. */
export function ActivityFilterBar(props: {
  filters: ActivityFilters;
  page: ActivityPage | undefined;
  onChange(change: Partial<ActivityFilters>): void;
}) {
  return (
    <fieldset className="flex flex-wrap items-center gap-3">
      <legend className="sr-only">Filters</legend>
      {SELECTS.map((select) => (
        <Select
          key={select.key}
          label={select.label}
          name={`activity-${select.key}`}
          value={props.filters[select.key]}
          options={[
            { value: '', label: select.all },
            ...(props.page?.[select.from] ?? []).map((value) => ({ value, label: value })),
          ]}
          onChange={(value) => props.onChange({ [select.key]: value })}
          inline
        />
      ))}
      {DAYS.map((day) => (
        <label key={day.key} className="flex items-center gap-2 text-sm font-medium">
          {day.label}
          <input
            type="date"
            name={`activity-${day.key}`}
            value={props.filters[day.key]}
            onChange={(event) => props.onChange({ [day.key]: event.target.value })}
            className="h-10 rounded-md border border-stone-300 bg-white px-2"
          />
        </label>
      ))}
    </fieldset>
  );
}
