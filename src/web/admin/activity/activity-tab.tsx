import { useState } from 'react';
import * as activity from '../../../shared/contracts/endpoints/admin-activity';
import { EmptyBox } from '../../components/ui/async-state';
import { Pager } from '../mobile-money/order-finder';
import { AdminTable } from '../shell/admin-table';
import { useAdminData } from '../shell/use-admin-data';
import { activityColumns } from './activity-columns';
import { ActivityFilterBar, type ActivityFilters, filterQuery, NO_FILTERS } from './activity-filters';

/** The admin Activity tab: every change made in the admin, newest first; read only. */
export function ActivityTab() {
  const [filters, setFilters] = useState<ActivityFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const query = filterQuery(filters);
  const list = useAdminData(activity.listActivity, { query: { ...query, page } });
  const data = list.data;

  return (
    <div className="space-y-4">
      <div>
        <h3 className="text-lg font-semibold">Changes made in the admin</h3>
        <p className="text-xs text-stone-600">
          Every change made in the admin, by which key, with the values before and after. It cannot be edited
          or deleted.
        </p>
      </div>
      <ActivityFilterBar
        filters={filters}
        page={data}
        onChange={(change) => {
          setFilters({ ...filters, ...change });
          setPage(1);
        }}
      />
      {data ? (
        <p className="text-sm text-stone-600" data-testid="activity-total">
          {data.total} {data.total === 1 ? 'change' : 'changes'}
        </p>
      ) : null}
      <AdminTable
        state={{ ...list, data: data?.entries }}
        columns={activityColumns()}
        rowKey={(e) => e.id}
        rowProps={(e) => ({ 'data-testid': 'activity-row', 'data-action': e.action })}
        empty={
          <EmptyBox>No changes recorded{Object.keys(query).length > 0 ? ' for these filters' : ''}</EmptyBox>
        }
        minWidth="sm:min-w-[900px]"
      />
      {data ? (
        <Pager
          page={page}
          pageSize={data.pageSize}
          total={data.total}
          onPage={(next) => {
            setPage(next);
            window.scrollTo({ top: 0 });
          }}
        />
      ) : null}
    </div>
  );
}
